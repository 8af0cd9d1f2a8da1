import type { ScheduledCallRow } from '../../store/scheduled-calls/rows.js';

/** The step name of a call the borrower asked for (CALLBACK_REQUEST: src/domain/calls/callbacks.ts). */
export const CALLBACK_STEP = 'callback';

const SEVEN_DAYS_MS = 7 * 86_400_000;

/**
 * Whether a scheduled call is one the borrower asked for, placed within 7 days of asking (the
 * request is the call's creation): Reg F's call frequencies neither limit nor count it
 * (12 CFR 1006.14(b)(3)(i)). Past 7 days it is an ordinary call again: the stricter reading of
 * "prior consent given … within the past seven days".
 */
export function isRequestedCall(call: Pick<ScheduledCallRow, 'step' | 'createdAt'>, at: string | Date): boolean {
  if (call.step !== CALLBACK_STEP) return false;
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return ms - Date.parse(call.createdAt) <= SEVEN_DAYS_MS;
}
