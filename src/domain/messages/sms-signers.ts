import { findCompany } from '../shared/company-config.js';
import type { Db } from '../../store/shared/db.js';
import type { MessageRoutes } from '../ports/channels.js';
import type { SmsProvider } from '../ports/sms.js';

/**
 * The SMS accounts a provider request may have been signed by: the operator's and the sandbox's,
 * and, when the request names a company (`?company=`), that company's own account.
 */
export async function smsSigners(
  db: Db,
  routes: MessageRoutes | undefined,
  companyId: string | undefined,
): Promise<SmsProvider[]> {
  const signers = [routes?.live.sms, routes?.sandbox.sms];
  if (companyId && routes?.companySms) {
    const company = await findCompany(db, companyId);
    if (company) signers.push(routes.companySms(companyId, company.config));
  }
  return signers.filter((p): p is SmsProvider => p !== undefined);
}
