import { companyVoiceProviders } from '../adapters/voice/company-providers.js';
import { RetellVoiceProvider } from '../adapters/voice/retell-voice-provider.js';
import type { Config } from '../config/config.js';
import type { SecretBox } from '../domain/ports/secrets.js';
import { lmsConnectors } from '../adapters/lms/connectors.js';
import { createChannelSenders } from '../adapters/channel-senders.js';
import { companyReadiness } from '../domain/readiness/company-readiness.js';
import { smsRouteOf } from '../domain/readiness/sms.js';
import type { ReadinessReport } from '../domain/readiness/readiness.js';
import { findCompany } from '../domain/shared/company-config.js';
import type { Db } from '../store/shared/db.js';

export const DOCTOR_USAGE = `  doctor --company ID [--json]            check the company is ready to go live: its voice account's key,
                                          caller ids, published agents and their setup, webhook key and
                                          concurrency, PUBLIC_BASE_URL over https, Twilio (credentials,
                                          sender, Lookup), the LMS and its sub-status mapping; prints each
                                          failure with its fix, exit 1 when not ready
                                          (docs/operators/going-live.md)`;

export interface DoctorDeps {
  /** Where the checklist is printed (default stdout). */
  out?: (text: string) => void;
  /** GETs a URL and answers its status (default fetch, 10 s timeout). */
  probe?: (url: string) => Promise<number>;
}

/**
 * `outreach doctor --company ID [--json]`: runs the go-live checks (src/domain/readiness/) against
 * the company's live accounts as this process would reach them; 0 when every check passes, 1 when
 * any fails, 2 for an unknown company.
 */
export async function runDoctorCommand(
  db: Db,
  config: Config,
  secrets: SecretBox,
  args: { json: boolean; companyId: string },
  deps: DoctorDeps = {},
): Promise<number> {
  const out = deps.out ?? ((text: string) => console.log(text));
  const company = await findCompany(db, args.companyId);
  if (!company) {
    out(`outreach: company ${args.companyId} not found`);
    return 2;
  }
  const c = config.calls;
  const requestTimeoutMs = 10_000;
  const own = companyVoiceProviders(secrets, { baseUrl: c.retellBaseUrl, requestTimeoutMs })(
    args.companyId,
    company.config,
  );
  const voice = own ?? (c.provider ? new RetellVoiceProvider({ name: 'live', ...c.provider, requestTimeoutMs }) : null);
  // The SMS rows read the account real customers' texts go through; the LMS rows, the company's LoanPro.
  const senders = createChannelSenders(config.channels, c.signingSecret, secrets);
  const lms = lmsConnectors(secrets);
  const { checks: report } = await companyReadiness(db, args.companyId, company.config, {
    smsRoute: smsRouteOf(senders, config.channels.sms),
    lmsOf: (companyId, cfg) => lms(companyId, cfg.lms),
    publicBaseUrl: config.publicBaseUrl,
    voice,
    ownVoiceAccount: own !== undefined,
    defaultMaxConcurrentCalls: c.dispatch.maxConcurrentPerCompany,
    probe: deps.probe ?? probeStatus,
  });
  await senders.close();
  const ready = report.every((r) => r.ok);
  out(args.json ? JSON.stringify({ ready, checks: report }) : checklist(report, ready));
  return ready ? 0 : 1;
}

function checklist(report: ReadinessReport, ready: boolean): string {
  const lines = report.flatMap((r) => [
    `${r.ok ? '[ok]  ' : '[FAIL]'} ${r.title}: ${r.detail}`,
    ...(r.ok || !r.fix ? [] : [`       fix: ${r.fix}`]),
  ]);
  lines.push(ready ? 'ready to go live' : `not ready: ${report.filter((r) => !r.ok).length} check(s) failed`);
  return lines.join('\n');
}

/** GETs a URL (10 s timeout) and answers its HTTP status; throws when nothing answers. */
export async function probeStatus(url: string): Promise<number> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}
