import {
  type CompanyConfig,
  DEFAULT_SUB_STATUS_EFFECTS,
  type SubStatusEffect,
  subStatusKey,
} from '../shared/company-config.js';
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
    SUB_STATUS_CHECK,
  ];
}

/**
 * The row of the dial-time sub-status mapping (docs/partners/lms.md#readiness). LoanPro's API
 * reference documents no request that lists a tenant's loan sub-status names (a loan carries only
 * `loanSubStatusId` in LoanSettings and `loanSubStatusText` in its StatusArchive), so the names
 * cannot be checked against the tenant. What is checked: no two names of the mapping read as the same
 * name with different effects, and some name maps to `bankruptcy` (the automatic stay, 11 U.S.C.
 * 362(a), is the one restriction the law imposes on every lender). The names in use are printed,
 * for the lender to compare with Settings > Loan > Status in its tenant.
 */
export const SUB_STATUS_CHECK: ReadinessCheck = {
  id: 'lms.sub-statuses',
  title: 'LMS sub-status mapping',
  run({ config }) {
    if (!config.lms) return Promise.resolve({ ok: true, detail: 'no LMS configured: nothing is read at dial time' });
    const own = config.lms.subStatusEffects;
    const mapping: Record<string, SubStatusEffect> = own ?? DEFAULT_SUB_STATUS_EFFECTS;
    const seen = new Map<string, { name: string; effect: SubStatusEffect }>();
    for (const [name, effect] of Object.entries(mapping)) {
      const first = seen.get(subStatusKey(name));
      if (first && first.effect !== effect)
        return Promise.resolve({
          ok: false,
          detail: `"${first.name}" (${first.effect}) and "${name}" (${effect}) are the same sub-status name`,
          fix: 'keep one of them in lms.subStatusEffects (`outreach company config set`)',
        });
      seen.set(subStatusKey(name), { name, effect });
    }
    const names = Object.entries(mapping)
      .map(([name, effect]) => `"${name}" → ${effect}`)
      .join(', ');
    const whose = own ? "the company's mapping" : "LoanPro's default sub-statuses";
    if (!Object.values(mapping).includes('bankruptcy'))
      return Promise.resolve({
        ok: false,
        detail: `${whose} maps no sub-status to bankruptcy: a loan in bankruptcy would still be called (${names || 'empty'})`,
        fix: "map the tenant's bankruptcy sub-status in lms.subStatusEffects",
      });
    return Promise.resolve({
      ok: true,
      detail: `${whose}: ${names}. LoanPro lists no tenant's sub-statuses through its API: compare these names with the tenant's (Settings > Loan > Status)`,
    });
  },
};
