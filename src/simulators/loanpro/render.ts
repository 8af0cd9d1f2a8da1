/** LoanPro's OData v2 wire shapes for seed entities (see seed.ts for how a seed is written). */

type Obj = Record<string, unknown>;

export const CUSTOMER_NAV = [
  'PrimaryAddress',
  'MailAddress',
  'Phones',
  'Employer',
  'Loans',
  'References',
  'PaymentAccounts',
];
export const LOAN_NAV = ['LoanSetup', 'LoanSettings', 'StatusArchive', 'Customers', 'Transactions', 'Payments'];

/** Navigation properties by entity set (what `$expand` may name). */
export const NAV = { Customers: CUSTOMER_NAV, Loans: LOAN_NAV };

/**
 * LoanPro's "no date": PHP's timestamp of the MySQL zero date, as in LoanPro's own sample
 * (`"followUpDate": "/Date(-62169984000)/"`, https://help.loanpro.io/article/limuur7903-loan-pro-api-filtering).
 * A seed writes it `0000-00-00`.
 */
export const NO_DATE = '/Date(-62169984000)/';

/**
 * Items of a list LoanPro sends at once. OData lists are paged at 50 by default
 * (https://help.loanpro.io/article/tfpfj3f7f4-api-paginating-results); whether an `$expand`-ed list is
 * paged too is not documented, so the simulator cuts expanded lists there, and only a list read from
 * its own endpoint (with `nopaging`, or page by page) is complete.
 */
export const PAGE_SIZE = 50;

/** `YYYY-MM-DD` → `/Date(seconds)/` at UTC midnight (`0000-00-00` → {@link NO_DATE}), everywhere in a value. */
function wireDates(value: unknown): unknown {
  if (value === '0000-00-00') return NO_DATE;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return `/Date(${Date.parse(`${value}T00:00:00Z`) / 1000})/`;
  if (Array.isArray(value)) return { results: value.slice(0, PAGE_SIZE).map(wireDates) };
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wireDates(v)]));
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
    else
      out[key] = wireDates(
        record[key] ?? (key === 'Phones' || key === 'StatusArchive' || key === 'Customers' ? [] : null),
      );
  }
  return out;
}

export function renderCustomer(root: string, customer: Obj, expand: Set<string>): Obj {
  return { d: entity(root, 'Customers', 'Customer', customer, CUSTOMER_NAV, expand) };
}

export function renderLoan(root: string, loan: Obj, customers: Obj[], expand: Set<string>): Obj {
  const { customerIds: _ids, ...rest } = loan;
  return { d: entity(root, 'Loans', 'Loan', { ...rest, Customers: customers.map(owner) }, LOAN_NAV, expand) };
}

/** A loan's customer as the loan lists it. */
const owner = (c: Obj): Obj => ({ id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email });

/** The lists the simulator serves from their own endpoint (`Customers({id})/Phones`), with the entity set and type of their items. */
export const LISTS: Record<string, { set: string; type: string }> = {
  'Customers/Phones': { set: 'Phones', type: 'Phone' },
  'Loans/Customers': { set: 'Customers', type: 'Customer' },
  'Loans/StatusArchive': { set: 'LoanStatusArchive', type: 'StatusArchive' },
};

/**
 * One page of a list, as LoanPro sends lists: `{"d": {"results": […], "summary": {"start", "pageSize",
 * "total"}}}`. `pageSize` stays the page size asked for even when paging is off, as LoanPro documents
 * for `nopaging`. LoanPro documents no `__next` link, so none is sent.
 */
export function renderList(
  root: string,
  list: { set: string; type: string },
  items: Obj[],
  page: { start: number; pageSize: number; all: boolean },
): Obj {
  const sent = page.all ? items.slice(page.start) : items.slice(page.start, page.start + page.pageSize);
  const results = sent.map((item, i) => {
    const id = typeof item.id === 'number' || typeof item.id === 'string' ? item.id : page.start + i + 1;
    return {
      __metadata: { uri: `${root}/${list.set}(id=${String(id)})`, type: `Entity.${list.type}` },
      ...(wireDates({ ...item, id }) as Obj),
    };
  });
  return { d: { results, summary: { start: page.start, pageSize: page.pageSize, total: items.length } } };
}

/** The items of a seed entity's list (`Phones` of a customer, `StatusArchive` of a loan), or of a loan's customers. */
export function listItems(record: Obj, nav: string, customers: Obj[]): Obj[] {
  if (nav === 'Customers') return customers.map(owner);
  const v = record[nav];
  return Array.isArray(v) ? (v as Obj[]) : [];
}

/** LoanPro's error envelope. */
export const errorBody = (code: number, message: string, type: string) => ({ error: { message, type, code } });
