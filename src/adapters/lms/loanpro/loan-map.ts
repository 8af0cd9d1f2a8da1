import type { LmsLoan, LmsLoanStanding } from '../../../domain/ports/lms.js';
import { collection, date, decimal, entity, enumValue, flag, id, integer, text } from './odata.js';

/** What GET Loans({id}) must expand for the mapping below (single nested objects). */
export const LOAN_EXPAND = 'LoanSetup,LoanSettings';
/** The loan's lists the mapping reads, each from its own endpoint (`Loans({id})/StatusArchive`), every page. */
export const LOAN_LISTS = ['Customers', 'StatusArchive'] as const;

type Obj = Record<string, unknown>;

/**
 * A LoanPro loan (the `d` of Loans({id})?$expand=LoanSetup,LoanSettings, with its Customers and
 * StatusArchive lists as `….results`) as our loan fields. Balances, status and due date come from the
 * StatusArchive entry of the latest date: LoanPro keeps the loan's current values in its daily
 * snapshot (https://developers.loanpro.io/reference/get-current-loan-values), one entry per day.
 * One row per field of the LMS mapping table (docs/partners/lms.md#loanpro-field-mapping).
 */
export function mapLoan(d: Obj): LmsLoan {
  const setup = entity(d, 'LoanSetup', 'd');
  const settings = entity(d, 'LoanSettings', 'd');
  const status = newestStatus(d);
  const s = status?.entry;
  const sp = status?.path ?? '';
  const out: LmsLoan = {
    id: id(d, 'd'),
    type: setup && enumValue(setup, 'loanType', 'd.LoanSetup'),
    servicingStatus: s && text(s, 'loanStatusText', sp),
    applicationStatus: s && text(s, 'loanSubStatusText', sp),
    originationDate: setup && date(setup, 'contractDate', 'd.LoanSetup'),
    startDate: setup && date(setup, 'firstPaymentDate', 'd.LoanSetup'),
    dueDate: s && date(s, 'nextPaymentDate', sp),
    // The whole amount owed on that date (principal, interest, fees); principalBalance is principal only.
    totalBalance: s && decimal(s, 'payoff', sp),
    amountDue: s && decimal(s, 'amountDue', sp),
    payoffAmount: s && decimal(s, 'payoff', sp),
    daysPastDueAtBoarding: s && integer(s, 'daysPastDue', sp),
    originalFundedAmount: setup && decimal(setup, 'loanAmount', 'd.LoanSetup'),
    interestRate: setup && decimal(setup, 'loanRate', 'd.LoanSetup'),
    apr: setup && decimal(setup, 'apr', 'd.LoanSetup'),
    autopayEnabled: settings && flag(settings, 'autopayEnabled', 'd.LoanSettings'),
  };
  const metadata = {
    lms: 'loanpro',
    loanId: Number(out.id),
    displayId: text(d, 'displayId', 'd'),
    loanClass: setup && enumValue(setup, 'loanClass', 'd.LoanSetup'),
    statusDate: s && date(s, 'date', sp),
  };
  out.externalLmsMetadata = Object.fromEntries(
    Object.entries(metadata).filter(([, v]) => v !== undefined && v !== null),
  );
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as LmsLoan;
}

/**
 * The loan's current status and sub-status from its StatusArchive list (the `results` of
 * `Loans({id})/StatusArchive`): the texts of the entry of the latest date, as mapLoan reads them
 * (https://developers.loanpro.io/reference/get-current-loan-values). No entry: nothing known.
 */
export function mapStanding(entries: Obj[]): LmsLoanStanding {
  const status = newestStatus({ StatusArchive: { results: entries } });
  if (!status) return {};
  const out: LmsLoanStanding = {
    status: text(status.entry, 'loanStatusText', status.path),
    subStatus: text(status.entry, 'loanSubStatusText', status.path),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** LoanPro ids of the loan's customers (the expanded Customers collection). */
export function loanCustomerIds(d: Obj): string[] {
  return collection(d, 'Customers', 'd').map((c, i) => id(c, `d.Customers.results[${i}]`));
}

/** The snapshot of the latest date, wherever LoanPro lists it (the first listed on a tie; one without a date loses to any dated one). */
function newestStatus(d: Obj): { entry: Obj; path: string } | undefined {
  const entries = collection(d, 'StatusArchive', 'd').map((entry, i) => {
    const path = `d.StatusArchive.results[${i}]`;
    return { entry, path, day: date(entry, 'date', path) ?? '' };
  });
  // YYYY-MM-DD sorts as text.
  return entries.reduce<(typeof entries)[number] | undefined>(
    (best, e) => (!best || e.day > best.day ? e : best),
    undefined,
  );
}
