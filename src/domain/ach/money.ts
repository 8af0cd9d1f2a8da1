import { InvalidInputError } from '../shared/errors.js';

// The NACHA entry amount field is 10 digits of cents, so no ACH amount exceeds $99,999,999.99.
const MAX_CENTS = 9_999_999_999;

/**
 * Dollars as sent in JSON → exact integer cents. More than two decimals is an error rather than a
 * silent rounding: a payment amount is never approximate.
 */
export function dollarsToCents(field: string, dollars: number): number {
  const text = String(dollars);
  if (!Number.isFinite(dollars) || dollars < 0 || !/^\d+(\.\d{1,2})?$/.test(text)) {
    throw new InvalidInputError(
      `${field}: must be a non-negative amount in dollars with at most two decimal places (got ${text})`,
    );
  }
  const [whole, fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_CENTS) throw new InvalidInputError(`${field}: must not exceed 99999999.99 (the NACHA amount field)`);
  return cents;
}

export function centsToDollars(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}
