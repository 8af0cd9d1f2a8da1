import { InvalidInputError } from '../shared/errors.js';
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
    throw new InvalidInputError(
      `The "test" field was removed on ${sunset.toISOString().slice(0, 10)}; send "isTest" instead`,
    );
  }
  const test = booleanish(input.test);
  if (hasTest && input.isTest !== undefined && test !== isTest) {
    throw new InvalidInputError('"test" and "isTest" have different values; send only "isTest"');
  }
  return isTest ?? test;
}

/** A deprecated request field the caller sent: since when, and (if it has one) when it stops working. */
export interface DeprecatedField {
  field: 'test' | 'loanId';
  deprecatedOn: Date;
  sunset?: Date;
}

// `isTest` replaced `test` on 2026-09-25 (`loanId` on customer writes was deprecated with it).
const DEPRECATED_ON = new Date(Date.UTC(2026, 8, 25));

export function deprecatedFields(input: { test?: unknown; loanId?: unknown }, sunset: Date): DeprecatedField[] {
  const used: DeprecatedField[] = [];
  if (input.test !== undefined) used.push({ field: 'test', deprecatedOn: DEPRECATED_ON, sunset });
  if (input.loanId !== undefined) used.push({ field: 'loanId', deprecatedOn: DEPRECATED_ON });
  return used;
}
