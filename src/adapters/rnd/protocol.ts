/**
 * The sandbox's Reassigned Numbers Database protocol, spoken by the RND simulator
 * (src/simulators/rnd/server.ts) and its client (sandbox-rnd.ts). It is this service's own wire
 * format, not the RND's: the RND's query API is specified only to registered, paying callers
 * (https://www.reassigned.us/querying-data), so no request or field of it can be cited here
 * (docs/operators/compliance.md#reassigned-numbers says what the live adapter still needs). What is
 * taken from public, citable texts:
 * - a query is a telephone number and a date, and the answer is `yes`, `no` or `no data`
 *   (FCC 18-177, para. 19; DA 21-1649);
 * - an API call carries at most 1,000 numbers (https://www.reassigned.us/resources/faq, "For
 *   Callers": "Users may query up to a max of 1000 TN's as a single API call when using the API");
 * - the database holds permanent disconnections from 27 January 2021 (DA 21-1649), so an earlier
 *   date is answered `no data` unless the number was disconnected after it.
 *
 * `POST /v1/queries`, `Authorization: Bearer <key>`, JSON `{"queries":[{"tn":"2125550140","date":"2024-01-15"}]}`
 * (10-digit NANP number, ISO date) → 200 `{"results":[{"tn","date","result":"yes"|"no"|"no_data"}]}`;
 * 400 `{"error"}` for a malformed body, 401 without the key, 503 when unavailable.
 */
export const RND_QUERY_PATH = '/v1/queries';
export const RND_MAX_QUERIES = 1000;
/** The simulator's key when none is given. */
export const RND_SIMULATOR_KEY = 'sim_rnd_key';
/** The first day of permanent disconnections the RND holds (DA 21-1649). */
export const RND_DATA_FROM = '2021-01-27';

export type RndWireResult = 'yes' | 'no' | 'no_data';

export interface RndQueryBody {
  queries: Array<{ tn: string; date: string }>;
}

export interface RndQueryAnswer {
  results: Array<{ tn: string; date: string; result: RndWireResult }>;
}
