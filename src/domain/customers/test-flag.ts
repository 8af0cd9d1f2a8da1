import { InvalidInputError } from '../errors.js';
import { booleanish } from './normalize.js';

export interface TestFlagInput {
  test?: unknown;
  isTest?: unknown;
}

/**
 * Resolves `isTest` and its deprecated alias `test`. Before the sunset `test` is honoured, and both
 * with different values is a conflict; from the sunset on, `test` is rejected rather than ignored,
 * because ignoring it would silently turn test customers into real ones.
 * Returns undefined when neither was sent.
 */
export function resolveTestFlag(input: TestFlagInput, now: Date, sunset: Date): boolean | undefined {
  const hasTest = input.test !== undefined;
  const isTest = booleanish(input.isTest);
  if (hasTest && now.getTime() >= sunset.getTime()) {
    throw new InvalidInputError(`The "test" field was removed on ${sunset.toISOString().slice(0, 10)}; send "isTest" instead`);
  }
  const test = booleanish(input.test);
  if (hasTest && input.isTest !== undefined && test !== isTest) {
    throw new InvalidInputError('"test" and "isTest" have different values; send only "isTest"');
  }
  return isTest ?? test;
}

export function deprecationHeaders(input: { test?: unknown; loanId?: unknown }, sunset: Date): Record<string, string> {
  if (input.test === undefined && input.loanId === undefined) return {};
  // RFC 9745: Deprecation is a structured-field date (@epoch seconds); `isTest` replaced `test` on 2026-09-25.
  const headers: Record<string, string> = { Deprecation: `@${Date.UTC(2026, 8, 25) / 1000}` };
  if (input.test !== undefined) headers.Sunset = sunset.toUTCString(); // RFC 8594 HTTP-date
  return headers;
}
