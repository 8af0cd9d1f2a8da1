/** LoanPro's OData v2 wire shapes for seed entities (see seed.ts for how a seed is written). */

type Obj = Record<string, unknown>;

const CUSTOMER_NAV = ['PrimaryAddress', 'MailAddress', 'Phones', 'Employer', 'Loans', 'References', 'PaymentAccounts'];
const LOAN_NAV = ['LoanSetup', 'LoanSettings', 'StatusArchive', 'Customers', 'Transactions', 'Payments'];

/** `YYYY-MM-DD` → `/Date(seconds)/` at UTC midnight, everywhere in a value. */
function wireDates(value: unknown): unknown {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `/Date(${Date.parse(`${value}T00:00:00Z`) / 1000})/`;
  if (Array.isArray(value)) return { results: value.map(wireDates) };
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wireDates(v)]));
  return value;
}

function entity(root: string, set: string, type: string, record: Obj, nav: string[], expand: Set<string>): Obj {
  const uri = `${root}/${set}(${String(record.id)})`;
  const out: Obj = { __metadata: { uri, type: `Entity.${type}` } };
  for (const [key, value] of Object.entries(record)) {
    if (nav.includes(key)) continue;
    out[key] = wireDates(value);
  }
  for (const key of nav) {
    // Navigation properties not asked for in $expand are deferred links, as in OData v2.
    if (!expand.has(key)) out[key] = { __deferred: { uri: `${uri}/${key}` } };
    else out[key] = wireDates(record[key] ?? (key === 'Phones' || key === 'StatusArchive' || key === 'Customers' ? [] : null));
  }
  return out;
}

export function renderCustomer(root: string, customer: Obj, expand: Set<string>): Obj {
  return { d: entity(root, 'Customers', 'Customer', customer, CUSTOMER_NAV, expand) };
}

export function renderLoan(root: string, loan: Obj, customers: Obj[], expand: Set<string>): Obj {
  const { customerIds: _ids, ...rest } = loan;
  const owners = customers.map((c) => ({ id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email }));
  return { d: entity(root, 'Loans', 'Loan', { ...rest, Customers: owners }, LOAN_NAV, expand) };
}

/** LoanPro's error envelope. */
export const errorBody = (code: number, message: string, type: string) => ({ error: { message, type, code } });
