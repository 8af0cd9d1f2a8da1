import type { Db } from '../shared/db.js';
import { type PreparedStatement, runPrepared } from '../shared/prepared.js';
import { perTurnBatches } from '../shared/turn-batches.js';

export interface CustomerKey {
  companyId: string;
  id: string;
}

/**
 * A customer's row read together with the reads of concurrent requests, in ONE statement per turn
 * of the event loop (Postgres, outside a transaction; turn-batches.ts says why). Each read sees
 * everything committed before its request arrived (a client's own earlier writes included), and
 * each key gets only the row of its own (company, id) pair. A failed statement fails each read of
 * the batch, as it would have failed each alone.
 */
export const readCustomerRow: (db: Db, key: CustomerKey) => Promise<Record<string, unknown> | null> = perTurnBatches(
  readCustomerRows,
  100,
);

/**
 * Planned at each run (`replan`; one per turn, not per request): prepared once, its plan stayed the
 * one made for the customers table the connection first saw. Prepared on a table of 200 rows it
 * hash-joined a scan of the whole table, and after POSTs added 60,000 rows each GET cost Postgres
 * 0.08 ms instead of 0.008 (GET 7,200 → 5,400 req/s) until autovacuum's ANALYZE.
 */
const CUSTOMERS_BY_KEYS: PreparedStatement = {
  name: 'customers_by_keys',
  text: 'SELECT c.* FROM unnest($1::text[], $2::text[]) AS k(company_id, id) JOIN customers c ON c.company_id = k.company_id AND c.id = k.id',
  replan: true,
};

/** The rows of several keys in one statement, in key order (null where none): one turn's reads. */
export async function readCustomerRows(
  db: Db,
  keys: readonly CustomerKey[],
): Promise<Array<Record<string, unknown> | null>> {
  const rows = await runPrepared(db, CUSTOMERS_BY_KEYS, [keys.map((k) => k.companyId), keys.map((k) => k.id)]);
  const byKey = new Map(rows.map((r) => [pairOf(String(r.company_id), String(r.id)), r]));
  return keys.map((k) => byKey.get(pairOf(k.companyId, k.id)) ?? null);
}

/** `company/id` as one string: NUL never occurs in an id (requests with it are refused). */
export const pairOf = (companyId: string, id: string) => `${companyId}\u0000${id}`;
