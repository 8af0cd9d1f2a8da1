import type { CompanyConfig } from '../shared/company-config.js';
import type { LmsConnector } from '../ports/lms.js';
import { NotFoundError, UnavailableError, UpstreamError } from '../shared/errors.js';
import type { ReadinessCheck } from './check-shape.js';

export type LmsConnectorOf = (companyId: string, config: CompanyConfig) => LmsConnector | undefined;

/** A customer id no tenant reaches (the largest the adapter takes): a read of it proves reach and credentials. */
const PROBE_ID = '999999999999999999';

/**
 * The go-live row of the LMS (docs/partners/lms.md#readiness): the company's LoanPro answers with
 * the configured base URL, tenant id and token. It reads one customer that cannot exist: "not
 * found" is the answer a reachable LMS that accepts the credentials gives.
 */
export function lmsReadinessChecks(connectorOf: LmsConnectorOf): ReadinessCheck[] {
  return [
    {
      id: 'lms.reachable',
      title: 'LMS reachable with the configured ids',
      async run({ companyId, config }) {
        if (!config.lms) return { ok: true, detail: 'no LMS configured: `sync` and `loanIds` are not used' };
        const connector = connectorOf(companyId, config);
        if (!connector)
          return { ok: false, detail: 'the LMS configuration could not be opened', fix: 'set `lms` again' };
        try {
          await connector.getCustomer(PROBE_ID);
          return { ok: true, detail: `${connector.label} answers` };
        } catch (err) {
          if (err instanceof NotFoundError) return { ok: true, detail: `${connector.label} answers` };
          if (err instanceof UpstreamError || err instanceof UnavailableError)
            return {
              ok: false,
              detail: err.message,
              fix:
                err instanceof UnavailableError
                  ? 'check lms.baseUrl and that the LMS is up'
                  : 'check lms.baseUrl, lms.instanceId and lms.token (`outreach company config set`)',
            };
          throw err;
        }
      },
    },
  ];
}
