import { DateTime } from 'luxon';
import type { CompanyConfig, TaskPurpose } from '../shared/company-config-types.js';
import { resolveLanguage } from '../shared/language.js';

/**
 * The dynamic variables a call sends the agent (`retell_llm_dynamic_variables` on create-phone-call,
 * docs/operators/voice-provider.md#dynamic-variables). Retell takes them as "key value pairs of
 * string" (retell-sdk CallCreatePhoneCallParams; docs.retellai.com/build/dynamic-variables): every
 * value is a string, and an absent fact is left out rather than sent empty.
 *
 * Never more than the purpose needs: no SSN digits, birthday, address or email on any call; the
 * collections facts (amount due, due date, days past due) only on collections calls.
 */
export const COMMON_VARIABLES = [
  'transfer_destination',
  'borrower_first_name',
  'lender_name',
  'language',
  'callback_number',
] as const;
export const COLLECTIONS_VARIABLES = ['amount_due', 'due_date', 'days_past_due'] as const;
/** Collections calls with a loan, where the company configured its payment page (docs/partners/outcomes.md#pay-by-link). */
export const PAYMENT_LINK_VARIABLE = 'payment_link';

export interface DynamicVariableFacts {
  purpose: TaskPurpose;
  transferDestination: string;
  /** `language`: the customer's BCP 47 tag as stored (docs/partners/languages.md). */
  customer: { firstName: string; timezone: string | null; language?: string | null };
  companyName: string;
  config: CompanyConfig;
  /** The call's loan, when it has one. */
  loan: { amountDue: string | null; dueDate: string | null } | null;
  /** The call's payment link (a collections call with a loan, where the company has a payment page). */
  paymentLink?: string | null;
  now: Date;
}

export function dynamicVariablesOf(f: DynamicVariableFacts): Record<string, string> {
  const vars: Record<string, string> = {
    transfer_destination: f.transferDestination,
    borrower_first_name: f.customer.firstName,
    lender_name: f.config.calls?.voicemail?.businessName ?? f.companyName,
    // The supported language the agent speaks: the customer's, else the company default.
    language: resolveLanguage(f.customer.language, f.config).language,
  };
  const callback = f.config.calls?.voicemail?.callbackNumber;
  if (callback) vars.callback_number = callback;
  if (f.purpose !== 'collections' || !f.loan) return vars;
  if (f.loan.amountDue !== null) vars.amount_due = f.loan.amountDue;
  if (f.paymentLink) vars[PAYMENT_LINK_VARIABLE] = f.paymentLink;
  if (f.loan.dueDate !== null) {
    vars.due_date = f.loan.dueDate;
    vars.days_past_due = String(daysPastDue(f.loan.dueDate, f.now, f.customer.timezone));
  }
  return vars;
}

/** Whole calendar days since the due date in the borrower's zone (0 when not yet due). */
export function daysPastDue(dueDate: string, now: Date, zone: string | null): number {
  const today = DateTime.fromJSDate(now, { zone: zone ?? 'UTC' }).startOf('day');
  const due = DateTime.fromISO(dueDate, { zone: zone ?? 'UTC' }).startOf('day');
  return Math.max(0, Math.round(today.diff(due, 'days').days));
}
