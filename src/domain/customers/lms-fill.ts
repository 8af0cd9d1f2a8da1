import { type DomainError, InvalidInputError } from '../shared/errors.js';
import type { LmsCustomer, LmsLoan } from '../ports/lms.js';
import type { CompanyContext } from '../shared/context.js';
import { timezoneFromZip } from './normalize.js';
import type { components } from '../../../generated/api-types.js';

// The customer write payload (records.ts names it too; declared from the contract here to keep imports one way).
type CustomerWrite = Partial<components['schemas']['CustomerCreate']>;

/** What the company's LMS supplied for one customer write. */
export interface LmsFill {
  /** Names the LMS in messages. */
  label: string;
  customer: LmsCustomer | undefined;
  /** The loans named by `loanIds`, in that order, each once. */
  loans: LmsLoan[];
  /**
   * Why `sync: true` cannot be served (no LMS connector): raised by mergeLmsFill, so that a write
   * missing fields the LMS may not supply hears about those first, whoever read the fill.
   */
  refusal?: DomainError;
}

type LmsRequest = Pick<CustomerWrite, 'id' | 'taskType' | 'sync' | 'loanIds'>;

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * Reads what a customer write asks of the LMS, before any transaction opens: the customer with
 * `sync: true`, the loans named by `loanIds`. Nothing when neither is asked. `sync: true` without a
 * connector is refused (the fields would silently stay empty): the fill carries the refusal, which
 * mergeLmsFill raises; `loanIds` without a connector is only stored, as before connectors existed.
 * Faults surface as the port's errors (503, 502, 404, 400).
 */
export async function fetchLmsFill(
  ctx: { lms?: CompanyContext['lms'] },
  body: LmsRequest,
): Promise<LmsFill | undefined> {
  const sync = body.sync === true;
  const loanIds = [...new Set(Array.isArray(body.loanIds) ? body.loanIds : [])];
  if (!sync && loanIds.length === 0) return undefined;
  const lms = ctx.lms?.();
  if (!lms) {
    if (!sync) return undefined;
    const refusal = new InvalidInputError(
      "sync: true fetches missing customer data from the company's LMS, but no LMS connector is configured for this company; " +
        'send the fields yourself, or ask your operator to configure one (company configuration "lms")',
      'lms_not_configured',
    );
    return { label: 'no LMS', customer: undefined, loans: [], refusal };
  }
  // Without the customer reference or the task type (which no LMS supplies) the write fails anyway:
  // skip the LMS and let the required-field check list everything that is missing.
  if (!present(body.id) || !present(body.taskType)) return undefined;
  const id = body.id!;
  // Read together; the first failure in request order is reported (the customer's, then the loans' in loanIds order).
  const [customer, ...loans] = await Promise.allSettled([
    sync ? lms.getCustomer(id) : Promise.resolve(undefined),
    ...loanIds.map((loanId) => lms.getLoan(id, loanId)),
  ]);
  const failed = [customer, ...loans].find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return {
    label: lms.label,
    customer: (customer as PromiseFulfilledResult<LmsCustomer | undefined>).value,
    loans: loans.map((l) => (l as PromiseFulfilledResult<LmsLoan>).value),
  };
}

/**
 * The write with the fields it omits taken from the LMS (the fields it sends win; externalMetadata
 * is merged key by key, sent keys winning). A missing timezone is derived from the merged ZIP code
 * (LMSs keep addresses, not zones); a ZIP that resolves to no zone leaves it missing. A fill that
 * carries a refusal (sync: true without a connector) throws it.
 */
export function mergeLmsFill<T extends CustomerWrite>(body: T, fill: LmsFill | undefined): T {
  if (fill?.refusal) throw fill.refusal;
  if (!fill?.customer) return body;
  const merged: Record<string, unknown> = { ...body };
  for (const [field, value] of Object.entries(fill.customer)) {
    if (field !== 'externalMetadata' && !present(merged[field])) merged[field] = value;
  }
  if (fill.customer.externalMetadata) {
    const sent = body.externalMetadata && typeof body.externalMetadata === 'object' ? body.externalMetadata : {};
    merged.externalMetadata = { ...fill.customer.externalMetadata, ...sent };
  }
  if (!present(merged.timezone) && typeof merged.zipCode === 'string') {
    try {
      merged.timezone = timezoneFromZip(merged.zipCode);
    } catch {
      // left missing: the required-field check names it
    }
  }
  return merged as T;
}

/** Says where the missing fields were looked for, after the contract's message. */
export const lmsNote = (fill: LmsFill | undefined) =>
  fill?.customer ? `not in the request nor in ${fill.label}` : undefined;
