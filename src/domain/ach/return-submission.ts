import { InvalidInputError } from '../shared/errors.js';
import { isValidAccountNumber, isValidRoutingNumber } from './bank-numbers.js';
import { dollarsToCents } from './money.js';
import { CHANGE_CODES, RETURN_CODES } from './nacha-codes.js';
import type { components } from '../../../generated/api-types.js';

export type AchStatus = components['schemas']['AchStatus'];

/** POST /ach-returns body (snake_case as in the contract), already type-checked against the spec. */
export type AchReturnInput = components['schemas']['AchReturnSubmission'];

/**
 * Checks that need nothing stored: known codes, the data each code needs, number formats, amounts,
 * and that reported events are not dated in the future. Every problem is reported at once.
 * Returns the amount in cents when one was sent.
 */
export function checkSubmission(input: AchReturnInput, today: string): { amountCents?: number } {
  const problems: string[] = [];
  const code = input.ach_return_code;
  if (code !== undefined && !RETURN_CODES[code])
    problems.push(`ach_return_code: ${code} is not supported; use R01 to R29 or R51`);
  if (code !== undefined && input.ach_return_date === undefined)
    problems.push('ach_return_date: is required with ach_return_code');
  if (code === undefined && input.ach_return_date !== undefined)
    problems.push('ach_return_date: is only accepted with ach_return_code');

  const noc = input.ach_correction_code;
  const corrected = {
    routingNumber: input.ach_corrected_aba_number,
    accountNumber: input.ach_corrected_account_number,
  };
  if (noc === undefined) {
    if (
      corrected.routingNumber !== undefined ||
      corrected.accountNumber !== undefined ||
      input.ach_correction_date !== undefined
    ) {
      problems.push('ach_correction_code: is required with correction data');
    }
  } else if (!CHANGE_CODES[noc]) {
    problems.push(`ach_correction_code: ${noc} is not supported; use C01 to C13`);
  } else {
    if (input.ach_correction_date === undefined)
      problems.push('ach_correction_date: is required with ach_correction_code');
    for (const field of CHANGE_CODES[noc].corrects) {
      const name = field === 'routingNumber' ? 'ach_corrected_aba_number' : 'ach_corrected_account_number';
      if (corrected[field] === undefined) problems.push(`${name}: is required with ach_correction_code ${noc}`);
    }
  }
  if (corrected.routingNumber !== undefined && !isValidRoutingNumber(corrected.routingNumber)) {
    problems.push('ach_corrected_aba_number: must be a 9-digit ABA routing number with a valid check digit');
  }
  if (corrected.accountNumber !== undefined && !isValidAccountNumber(corrected.accountNumber)) {
    problems.push('ach_corrected_account_number: must be 4 to 17 digits');
  }

  for (const field of [
    'payment_reverse_date',
    'ach_submitted_date',
    'ach_settlement_date',
    'ach_return_date',
    'ach_correction_date',
  ] as const) {
    const value = input[field];
    if (value !== undefined && value > today) problems.push(`${field}: ${value} is in the future`);
  }

  let amountCents: number | undefined;
  if (input.payment_amount !== undefined) {
    try {
      amountCents = dollarsToCents('payment_amount', input.payment_amount);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  if (problems.length) throw new InvalidInputError(problems.join('; '));
  return { amountCents };
}

/** What is already known about the payment, to order the submitted dates against. */
export interface KnownDates {
  paymentDate: string | null;
  submittedDate: string | null;
}

/** Date ordering, using sent values first and stored ones where the submission is silent. */
export function checkDateOrder(input: AchReturnInput, stored: KnownDates): void {
  const paymentDate = input.payment_date ?? stored.paymentDate;
  const submitted = input.ach_submitted_date ?? stored.submittedDate;
  const problems: string[] = [];
  // One problem per field: the first limit it breaks.
  const notBefore = (
    field: keyof AchReturnInput,
    value: string | undefined,
    limit: string | null,
    limitName: string,
  ) => {
    if (value === undefined || limit === null || value >= limit || problems.some((p) => p.startsWith(`${field}:`)))
      return;
    problems.push(`${field}: ${value} is before the ${limitName} ${limit}`);
  };
  notBefore('ach_return_date', input.ach_return_date, paymentDate, 'payment date');
  notBefore('ach_return_date', input.ach_return_date, submitted, 'ACH submitted date');
  notBefore('ach_correction_date', input.ach_correction_date, submitted ?? paymentDate, 'original entry date');
  notBefore('payment_reverse_date', input.payment_reverse_date, paymentDate, 'payment date');
  notBefore('ach_settlement_date', input.ach_settlement_date, submitted, 'ACH submitted date');
  if (problems.length) throw new InvalidInputError(problems.join('; '));
}
