import { companyReadiness, liveVoiceAccountOf } from '../domain/readiness/company-readiness.js';
import { smsRouteOf } from '../domain/readiness/sms.js';
import type { OperationHandler } from '../http/handler-types.js';
import { companyContext } from './context.js';

/** The go-live checklist `outreach doctor` prints, for the console's Setup page. */
export const getGoLiveChecklist: OperationHandler<'getGoLiveChecklist'> = async (_c, env) => {
  const ctx = companyContext(env);
  const s = env.services;
  const { voice, own } = liveVoiceAccountOf(s.calls, ctx.companyId, ctx.config);
  const body = await companyReadiness(ctx.db, ctx.companyId, ctx.config, {
    smsRoute: smsRouteOf(s.channels, s.config.channels.sms),
    lmsOf: (companyId, cfg) => s.lms(companyId, cfg.lms),
    publicBaseUrl: s.calls.settings.publicBaseUrl, // with the port the process listens on
    voice,
    ownVoiceAccount: own,
    defaultMaxConcurrentCalls: s.config.calls.dispatch.maxConcurrentPerCompany,
    async probe(url) {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    },
  });
  return { status: 200, body };
};
