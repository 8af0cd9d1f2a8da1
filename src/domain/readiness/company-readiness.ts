import type { CallServices } from '../calls/call-services.js';
import type { VoiceProvider } from '../ports/voice-provider.js';
import type { CompanyConfig } from '../shared/company-config.js';
import type { Db } from '../../store/shared/db.js';
import { type ReadinessContext, type ReadinessReport, runReadiness } from './readiness.js';
import { type LmsConnectorOf, lmsReadinessChecks } from './lms.js';
import { smsDoctorChecks, type SmsRouteOf } from './sms.js';
import { READINESS_CHECKS } from './voice-checks.js';

/** What the checklist reads besides the company: its outside accounts as the process reaches them. */
export type ReadinessSources = Omit<ReadinessContext, 'db' | 'companyId' | 'config'> & {
  /** The Twilio account of the company's real customers' texts (docs/operators/sms-provider.md#readiness). */
  smsRoute: SmsRouteOf;
  /** The company's LMS connector (docs/partners/lms.md#readiness). */
  lmsOf: LmsConnectorOf;
};

/**
 * The go-live checklist of one company: `outreach doctor` prints it, `GET /go-live-checklist` answers it
 * (the console's Setup page). `ready` when every check passes.
 */
export async function companyReadiness(
  db: Db,
  companyId: string,
  config: CompanyConfig,
  sources: ReadinessSources,
): Promise<{ ready: boolean; checks: ReadinessReport }> {
  const { smsRoute, lmsOf, ...context } = sources;
  const all = [...READINESS_CHECKS, ...smsDoctorChecks(smsRoute), ...lmsReadinessChecks(lmsOf)];
  const checks = await runReadiness(all, { db, companyId, config, ...context });
  return { ready: checks.every((c) => c.ok), checks };
}

/**
 * The voice account the company's live calls go through in this process: its own (`calls.provider`),
 * else the operator's; null when no provider is configured (every call goes to the simulator).
 */
export function liveVoiceAccountOf(
  calls: CallServices,
  companyId: string,
  config: CompanyConfig,
): { voice: VoiceProvider | null; own: boolean } {
  const own = calls.companyVoice?.(companyId, config);
  if (own) return { voice: own, own: true };
  return { voice: calls.liveSimulated ? null : calls.voice.live, own: false };
}
