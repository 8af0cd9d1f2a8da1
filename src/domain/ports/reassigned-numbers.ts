/**
 * The Reassigned Numbers Database port (docs/operators/compliance.md#reassigned-numbers): the FCC's
 * RND (https://www.reassigned.us/, administered for the FCC) answers, for a number and a date, whether
 * the number was permanently disconnected on or after that date. Its three answers are the FCC's
 * (Second Report and Order, FCC 18-177, 33 FCC Rcd 12024, para. 19; supplemental guidelines DA 21-1649):
 * - `yes`: permanently disconnected on or after the date, so possibly reassigned: consent given
 *   before it no longer reaches the number's new subscriber;
 * - `no`: not permanently disconnected since the date; relying on it is the safe harbor of
 *   47 CFR 64.1200(m);
 * - `no_data`: the database cannot tell (the date is before the data it holds).
 */
export type RndAnswer = 'yes' | 'no' | 'no_data';

export interface RndQuery {
  /** E.164 (a US number: +1 and 10 digits). */
  phoneNumber: string;
  /** The date of consent (or of the last contact known to reach the consumer), `YYYY-MM-DD`. */
  date: string;
}

export interface ReassignedNumbers {
  /** Which database answered: `sandbox` (the simulator) or `live` (a configured RND adapter); kept with every answer. */
  readonly name: 'sandbox' | 'live';
  /**
   * The answers, one per query in the same order. Throws when the database is unreachable or
   * refuses the request (transient: the call or text waits and asks again).
   */
  query(queries: readonly RndQuery[]): Promise<RndAnswer[]>;
}
