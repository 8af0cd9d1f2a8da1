import type { ReassignedNumbers, RndAnswer, RndQuery } from '../../domain/ports/reassigned-numbers.js';
import { RND_MAX_QUERIES, RND_QUERY_PATH, type RndQueryAnswer, type RndQueryBody } from './protocol.js';

/** A query that took longer than this is abandoned (the call or text waits and asks again). */
const TIMEOUT_MS = 10_000;

/**
 * The Reassigned Numbers Database port over the sandbox's protocol (protocol.ts): the RND simulator
 * (src/simulators/rnd/server.ts), for test customers. The live RND has no adapter: its query API
 * could not be cited (docs/operators/compliance.md#reassigned-numbers).
 */
export class SandboxRnd implements ReassignedNumbers {
  readonly name = 'sandbox' as const;

  constructor(private readonly settings: { baseUrl: string; key: string }) {}

  async query(queries: readonly RndQuery[]): Promise<RndAnswer[]> {
    const answers: RndAnswer[] = [];
    for (let i = 0; i < queries.length; i += RND_MAX_QUERIES)
      answers.push(...(await this.page(queries.slice(i, i + RND_MAX_QUERIES))));
    return answers;
  }

  private async page(queries: readonly RndQuery[]): Promise<RndAnswer[]> {
    const body: RndQueryBody = { queries: queries.map((q) => ({ tn: tenDigits(q.phoneNumber), date: q.date })) };
    const res = await fetch(new URL(RND_QUERY_PATH, this.settings.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.settings.key}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status !== 200) throw new Error(`the RND answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const { results } = (await res.json()) as RndQueryAnswer;
    if (!Array.isArray(results) || results.length !== queries.length)
      throw new Error('the RND answered a different number of results than queries');
    return results.map((r) => r.result);
  }
}

/** A US number's 10 digits (E.164 +1 NPA-NXX-XXXX). */
function tenDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}
