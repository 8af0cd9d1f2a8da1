import fs from 'node:fs';

/**
 * A simulator seed: LoanPro entities as LoanPro stores them, except that dates are written
 * `YYYY-MM-DD` (the simulator sends them as `/Date(seconds)/`; `0000-00-00` as LoanPro's "no date")
 * and collections as plain arrays (sent as `{"results": […]}`, or as a paged list from their own
 * endpoint). Loans name their customers with `customerIds`.
 */
export interface LoanProSeed {
  instanceId: string;
  token: string;
  customers: Array<Record<string, unknown> & { id: number }>;
  loans: Array<Record<string, unknown> & { id: number; customerIds: number[] }>;
}

export class SeedError extends Error {}

export function parseSeed(value: unknown, source = 'seed'): LoanProSeed {
  const s = value as Partial<LoanProSeed> | null;
  const problem = (what: string) => new SeedError(`${source}: ${what}`);
  if (!s || typeof s !== 'object') throw problem('must be a JSON object');
  if (typeof s.instanceId !== 'string' || !s.instanceId) throw problem('instanceId must be a non-empty string');
  if (typeof s.token !== 'string' || !s.token) throw problem('token must be a non-empty string');
  if (!Array.isArray(s.customers)) throw problem('customers must be an array');
  if (!Array.isArray(s.loans)) throw problem('loans must be an array');
  s.customers.forEach((c, i) => {
    if (!Number.isSafeInteger(c?.id)) throw problem(`customers[${i}].id must be an integer`);
  });
  s.loans.forEach((l, i) => {
    if (!Number.isSafeInteger(l?.id)) throw problem(`loans[${i}].id must be an integer`);
    if (!Array.isArray(l.customerIds) || !l.customerIds.every(Number.isSafeInteger))
      throw problem(`loans[${i}].customerIds must be an array of integers`);
  });
  return s as LoanProSeed;
}

export function readSeedFile(file: string): LoanProSeed {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new SeedError(`cannot read seed file ${file}: ${(err as Error).message}`);
  }
  try {
    return parseSeed(JSON.parse(text), file);
  } catch (err) {
    if (err instanceof SeedError) throw err;
    throw new SeedError(`${file} is not valid JSON`);
  }
}
