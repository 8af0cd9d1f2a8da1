import { InvalidInputError, NotFoundError, UpstreamError } from '../../domain/shared/errors.js';
import type { LmsConnector } from '../../domain/ports/lms.js';
import { createReader, type ReaderOptions } from './http-reader.js';
import { CUSTOMER_EXPAND, CUSTOMER_LISTS, mapCustomer, mapPhoneFlags } from './loanpro/customer-map.js';
import { LOAN_EXPAND, LOAN_LISTS, loanCustomerIds, mapLoan, mapStanding } from './loanpro/loan-map.js';
import { listPage, MalformedPayload, unwrap } from './loanpro/odata.js';

export interface LoanProSettings {
  /** API root, e.g. https://loanpro.simnang.com/api/public/api/1 */
  baseUrl: string;
  instanceId: string;
  token: string;
}

type Obj = Record<string, unknown>;

/**
 * LoanPro answers 409 for a missing or invalid entity id, and (rarely) 404
 * (https://developers.loanpro.io/docs/response-codes). The same page lists other 409 causes: missing
 * payload fields, typos in the endpoint, payload and endpoint that do not match; and 404 for an
 * invalid endpoint. So the body is read: see {@link refusalOf}.
 */
const MISSING = [404, 409] as const;

/**
 * Undefined ("not found") when LoanPro's error envelope (`{"error": {"message", "type", "code"}}`) says an entity
 * id does not exist; else its message (or the status alone), which is a configuration error.
 * LoanPro does not document its message text, so the stricter reading is taken: only a message
 * that speaks of an id that does not exist / is not found / is invalid is "not found"; any other
 * body (an endpoint typo, a missing field, no body at all) is shown as LoanPro's own words
 * (docs/partners/lms.md#409-answers).
 */
export function refusalOf(body: unknown): string | undefined {
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  const message = typeof error?.message === 'string' ? error.message : '';
  if (/\bid\b/i.test(message) && /(does not exist|doesn't exist|not found|invalid)/i.test(message)) return undefined;
  return message ? `"${message}"` : 'no error message';
}

/** Pages one list may take before its reading is abandoned as malformed (a list that never ends). */
const MAX_PAGES = 1_000;

/**
 * LoanPro's LMS API (OData v2): `Authorization: Bearer <token>` and `Autopal-Instance-Id: <tenant>`
 * on every request. An entity is read with `GET odata.svc/Customers({id})` or `Loans({id})` and
 * `$expand` for its single nested objects; each list it holds (Phones, StatusArchive, Customers) is
 * read from its own endpoint (`Loans({id})/StatusArchive`) with `nopaging`, and LoanPro's paging
 * summary is checked so that every item is read (docs/partners/lms.md#loanpro-field-mapping).
 * LoanPro ids are integers, so our customer `id` must be the LoanPro customer id.
 */
export function loanProConnector(
  settings: LoanProSettings,
  reader: Omit<ReaderOptions, 'label' | 'missingStatuses'>,
): LmsConnector {
  const label = `LoanPro (instance ${settings.instanceId})`;
  const read = createReader({ ...reader, label, missingStatuses: MISSING, refusalOf });
  const root = `${settings.baseUrl.replace(/\/+$/, '')}/odata.svc`;
  const headers = { Authorization: `Bearer ${settings.token}`, 'Autopal-Instance-Id': settings.instanceId };

  /** The mapped entity, or a clear error when LoanPro's payload is not what its API documents. */
  function readable<T>(what: string, map: () => T): T {
    try {
      return map();
    } catch (err) {
      if (err instanceof MalformedPayload)
        throw new UpstreamError(`${label} returned a malformed ${what}: ${err.message}`, 'lms_bad_response');
      throw err;
    }
  }

  /** `{entity}({id})?$expand=…`: the entity (its `id` checked), or `missing`. */
  async function readEntity(resource: string, id: string, expand: string, what: string): Promise<Obj | 'missing'> {
    const res = await read(`${root}/${resource}(${id})?$expand=${expand}`, headers, what);
    if (res.status === 'missing') return 'missing';
    return readable(what, () => {
      const d = unwrap(res.body);
      if (String(d.id) !== id) throw new MalformedPayload(`d.id must be ${id} (got ${JSON.stringify(d.id)})`);
      return d;
    });
  }

  /**
   * Every item of a list (`Customers(1001)/Phones`): asked with `nopaging` (the documented way to lift
   * the page size, https://help.loanpro.io/article/tfpfj3f7f4-api-paginating-results); while the
   * summary's `total` says items are left (a server that still pages), the next page is asked with
   * `$skip`. LoanPro documents no `__next` link, so none is followed.
   */
  async function readList(resource: string, what: string): Promise<Obj[] | 'missing'> {
    const items: Obj[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const skip = items.length === 0 ? '' : `&$skip=${items.length}`;
      const res = await read(`${root}/${resource}?nopaging${skip}`, headers, what);
      if (res.status === 'missing') return 'missing';
      const { results, summary } = readable(what, () => listPage(res.body));
      items.push(...results);
      if (!summary || results.length === 0 || items.length >= summary.total) return items;
    }
    throw new UpstreamError(
      `${label} returned a malformed ${what}: ${resource} did not end within ${MAX_PAGES} pages`,
      'lms_bad_response',
    );
  }

  /** The entity with its lists attached under their navigation names, as `$expand` would nest them. */
  async function withLists(
    resource: string,
    id: string,
    entity: Obj,
    lists: readonly string[],
    what: string,
  ): Promise<Obj | 'missing'> {
    const items = await Promise.all(lists.map((list) => readList(`${resource}(${id})/${list}`, what)));
    if (items.includes('missing')) return 'missing';
    const out = { ...entity };
    lists.forEach((list, i) => (out[list] = { results: items[i] }));
    return out;
  }

  /** A LoanPro id (a positive integer), or InvalidInputError naming what it was read for. */
  function loanProId(id: string, what: string): string {
    if (!/^[1-9]\d{0,17}$/.test(id))
      throw new InvalidInputError(`${what} "${id}" is not a LoanPro id (a positive integer) in ${label}`);
    return id;
  }

  return {
    label,
    /**
     * Before a collections call: `GET …/Loans({id})/StatusArchive?nopaging`, the whole list (the
     * newest entry wins, as in getLoan); a missing loan is NotFoundError.
     */
    async loanStanding(loanId) {
      const id = loanProId(String(loanId), 'loan id');
      const what = `loan ${id} (status at dial time)`;
      const entries = await readList(`Loans(${id})/StatusArchive`, what);
      if (entries === 'missing') throw new NotFoundError(`Loan ${id} not found in ${label}`);
      return readable(what, () => mapStanding(entries));
    },
    /** Before a call: `GET …/Customers({id})/Phones?nopaging`; a missing customer is NotFoundError. */
    async customerPhones(customerId) {
      const id = loanProId(customerId, 'customer id');
      const what = `customer ${id} phones (at dial time)`;
      const phones = await readList(`Customers(${id})/Phones`, what);
      if (phones === 'missing') throw new NotFoundError(`Customer ${id} not found in ${label}`);
      return readable(what, () => mapPhoneFlags(phones));
    },
    async getCustomer(customerId) {
      if (!/^[1-9]\d{0,17}$/.test(customerId)) {
        throw new InvalidInputError(
          `id "${customerId}" is not a LoanPro customer id (a positive integer); sync reads the customer with this id from ${label}`,
        );
      }
      const what = `customer ${customerId}`;
      const notFound = () => new NotFoundError(`Customer ${customerId} not found in ${label}`);
      const entity = await readEntity('Customers', customerId, CUSTOMER_EXPAND, what);
      if (entity === 'missing') throw notFound();
      const d = await withLists('Customers', customerId, entity, CUSTOMER_LISTS, what);
      if (d === 'missing') throw notFound();
      return readable(what, () => mapCustomer(d));
    },
    async getLoan(customerId, loanId) {
      const what = `loan ${loanId}`;
      const notTheirs = () =>
        new InvalidInputError(`loanIds: loan ${loanId} of customer ${customerId} not found in ${label}`);
      const entity = await readEntity('Loans', String(loanId), LOAN_EXPAND, what);
      if (entity === 'missing') throw notTheirs();
      const d = await withLists('Loans', String(loanId), entity, LOAN_LISTS, what);
      if (d === 'missing') throw notTheirs();
      const { loan, owners } = readable(what, () => ({ loan: mapLoan(d), owners: loanCustomerIds(d) }));
      if (!owners.includes(customerId)) throw notTheirs();
      return loan;
    },
  };
}
