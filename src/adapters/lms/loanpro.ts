import { InvalidInputError, NotFoundError, UpstreamError } from '../../domain/shared/errors.js';
import type { LmsConnector } from '../../domain/ports/lms.js';
import { createReader, type ReaderOptions } from './http-reader.js';
import { CUSTOMER_EXPAND, mapCustomer } from './loanpro/customer-map.js';
import { LOAN_EXPAND, loanCustomerIds, mapLoan } from './loanpro/loan-map.js';
import { MalformedPayload, unwrap } from './loanpro/odata.js';

export interface LoanProSettings {
  /** API root, e.g. https://loanpro.simnang.com/api/public/api/1 */
  baseUrl: string;
  instanceId: string;
  token: string;
}

/**
 * LoanPro's LMS API (OData v2): `Authorization: Bearer <token>` and `Autopal-Instance-Id: <tenant>`
 * on every request; `GET odata.svc/Customers({id})` and `GET odata.svc/Loans({id})` with `$expand`.
 * LoanPro ids are integers, so our customer `id` must be the LoanPro customer id.
 */
export function loanProConnector(settings: LoanProSettings, reader: Omit<ReaderOptions, 'label'>): LmsConnector {
  const label = `LoanPro (instance ${settings.instanceId})`;
  const read = createReader({ ...reader, label });
  const root = `${settings.baseUrl.replace(/\/+$/, '')}/odata.svc`;
  const headers = { Authorization: `Bearer ${settings.token}`, 'Autopal-Instance-Id': settings.instanceId };

  /** The mapped entity, or a clear error when LoanPro's payload is not what its API documents. */
  function readable<T>(what: string, map: () => T): T {
    try {
      return map();
    } catch (err) {
      if (err instanceof MalformedPayload) throw new UpstreamError(`${label} returned a malformed ${what}: ${err.message}`, 'lms_bad_response');
      throw err;
    }
  }

  return {
    label,
    async getCustomer(customerId) {
      if (!/^[1-9]\d{0,17}$/.test(customerId)) {
        throw new InvalidInputError(`id "${customerId}" is not a LoanPro customer id (a positive integer); sync reads the customer with this id from ${label}`);
      }
      const what = `customer ${customerId}`;
      const res = await read(`${root}/Customers(${customerId})?$expand=${CUSTOMER_EXPAND}`, headers, what);
      if (res.status === 404) throw new NotFoundError(`Customer ${customerId} not found in ${label}`);
      return readable(what, () => {
        const d = unwrap(res.body);
        if (String(d.id) !== customerId) throw new MalformedPayload(`d.id must be ${customerId} (got ${JSON.stringify(d.id)})`);
        return mapCustomer(d);
      });
    },
    async getLoan(customerId, loanId) {
      const what = `loan ${loanId}`;
      const res = await read(`${root}/Loans(${loanId})?$expand=${LOAN_EXPAND}`, headers, what);
      const notTheirs = () => new InvalidInputError(`loanIds: loan ${loanId} of customer ${customerId} not found in ${label}`);
      if (res.status === 404) throw notTheirs();
      const { loan, owners } = readable(what, () => {
        const d = unwrap(res.body);
        if (String(d.id) !== String(loanId)) throw new MalformedPayload(`d.id must be ${loanId} (got ${JSON.stringify(d.id)})`);
        return { loan: mapLoan(d), owners: loanCustomerIds(d) };
      });
      if (!owners.includes(customerId)) throw notTheirs();
      return loan;
    },
  };
}
