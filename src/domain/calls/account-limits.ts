import { type CompanyConfig, findCompany } from '../shared/company-config.js';
import { OPERATOR_ACCOUNT } from '../../store/calls/call-dispatch.js';
import {
  accountsToRead,
  forgetVoiceAccount,
  recordAccountRead,
  type VoiceAccountRow,
} from '../../store/calls/voice-accounts.js';
import type { VoiceProvider } from '../ports/voice-provider.js';
import { type CallServices, voiceOf } from './call-services.js';

export { OPERATOR_ACCOUNT };

/**
 * The provider account a company dials through (company configuration `calls.account`): the name it
 * gives, else an account of its own when it has its own provider key, else the operator's. The
 * dial claim computes the same in SQL (src/store/calls/call-dispatch.ts `ACCOUNT`).
 */
export function accountOf(companyId: string, config: CompanyConfig): string {
  return config.calls?.account ?? (config.calls?.provider ? `company:${companyId}` : OPERATOR_ACCOUNT);
}

/**
 * Reads the concurrency of the accounts whose limit is older than `maxAgeMs` (wall clock) or was
 * never read, through the provider's `concurrency.retrieve` (https://docs.retellai.com/api-references/get-concurrency),
 * and stores it for the dial claim: the limit, the slots kept for inbound (the larger of the setting
 * and Retell's `reserved_inbound_concurrency`) and the calls ongoing on the account that the service
 * did not place (`current_concurrency` less its own calls placed and not yet ended). The operator's
 * account is read with the operator's key; another account through a company that names it (one
 * that no longer does is forgotten, and the claim adds it again with one that does). A read that
 * fails leaves the last one in place. Answers how many were read.
 */
export async function readAccountLimits(
  s: CallServices,
  opts: { maxAgeMs: number; operatorReservedInbound: number; batch?: number },
): Promise<number> {
  const wall = Date.now();
  const accounts = await accountsToRead(s.db, new Date(wall - opts.maxAgeMs).toISOString(), opts.batch ?? 50);
  let read = 0;
  for (const account of accounts) {
    const via = await connectionOfAccount(s, account, opts.operatorReservedInbound);
    if (!via) {
      await forgetVoiceAccount(s.db, account.id);
      continue;
    }
    try {
      const c = await via.provider.accountConcurrency();
      await recordAccountRead(s.db, account.id, {
        limit: c.limit,
        reservedInbound: Math.max(via.reservedInbound, c.reservedInbound ?? 0),
        current: c.current,
        at: new Date(wall).toISOString(),
      });
      read++;
    } catch (err) {
      s.log.warn('voice account concurrency not read; the last limit read stays', {
        account: account.id,
        error: (err as Error).message,
      });
    }
  }
  return read;
}

async function connectionOfAccount(
  s: CallServices,
  account: VoiceAccountRow,
  operatorReservedInbound: number,
): Promise<{ provider: VoiceProvider; reservedInbound: number } | null> {
  if (account.id === OPERATOR_ACCOUNT) return { provider: s.voice.live, reservedInbound: operatorReservedInbound };
  const company = account.viaCompanyId ? await findCompany(s.db, account.viaCompanyId) : null;
  if (!company || accountOf(account.viaCompanyId!, company.config) !== account.id) return null;
  return {
    provider: voiceOf(s, account.viaCompanyId!, company.config, false),
    reservedInbound: company.config.calls?.reservedInbound ?? 0,
  };
}
