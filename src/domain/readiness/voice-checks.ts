import { agentsOfCompany } from '../calls/dial-target.js';
import { limitedContentMessage } from '../calls/limited-content.js';
import { publishedAgentVersions } from '../calls/voice-agents.js';
import type { ReadinessCheck, ReadinessContext, ReadinessResult } from './readiness.js';

const NO_PROVIDER: ReadinessResult = {
  ok: false,
  detail: 'no live voice account: every call of the company goes to the simulator',
  fix: "set the company's own Retell account (calls.provider.apiKey) or the operator's (OUTREACH_VOICE_API_KEY)",
};

/** The checks of the company's voice account (docs/operators/going-live.md says what each one needs). */
export const VOICE_CHECKS: readonly ReadinessCheck[] = [
  {
    id: 'voice.account',
    title: 'Voice account key is valid',
    async run(ctx) {
      if (!ctx.voice) return NO_PROVIDER;
      await ctx.voice.accountConcurrency();
      return {
        ok: true,
        detail: ctx.ownVoiceAccount
          ? "the company's own Retell account answers with calls.provider.apiKey"
          : "the operator's Retell account answers (OUTREACH_VOICE_API_KEY)",
      };
    },
  },
  {
    id: 'voice.caller-ids',
    title: 'Caller ids are numbers of the account',
    async run(ctx) {
      if (!ctx.voice) return NO_PROVIDER;
      const ids = (ctx.config.calls?.callerIds ?? []).map((c) => c.number);
      if (ids.length === 0)
        return ctx.ownVoiceAccount
          ? {
              ok: false,
              detail: 'no caller id: a company with its own account never dials from the operator number',
              fix: 'set calls.callerIds to numbers bought in or imported to its Retell account',
            }
          : { ok: true, detail: "no caller ids of its own: calls dial from the operator's OUTREACH_VOICE_FROM_NUMBER" };
      const owned = new Set(await ctx.voice.accountNumbers());
      const foreign = ids.filter((n) => !owned.has(n));
      return foreign.length
        ? {
            ok: false,
            detail: `not numbers of the account: ${foreign.join(', ')}`,
            fix: 'buy or import them in Retell (Phone Numbers), or remove them from calls.callerIds',
          }
        : { ok: true, detail: `${ids.length} caller id(s), each a number of the account` };
    },
  },
  {
    id: 'voice.agents',
    title: 'A published agent for every task type and language',
    async run(ctx) {
      const agents = agentsOfCompany(ctx.config);
      const missing = agents.filter((a) => a.agentId === null);
      if (missing.length)
        return {
          ok: false,
          detail: `no agent for ${missing.map((m) => `${m.taskType} (${m.language})`).join(', ')}`,
          fix: 'set calls.agents to the agent ids Retell issued, then run `outreach voice agents --company ID`',
        };
      const versions = await publishedAgentVersions(ctx.db, [ctx.companyId]);
      const unpublished = [...new Set(agents.map((a) => a.agentId!))].filter(
        (id) => !versions.has(`${ctx.companyId}/${id}`),
      );
      if (unpublished.length)
        return {
          ok: false,
          detail: `no published version recorded for ${unpublished.join(', ')}`,
          fix: 'run `outreach voice agents --company ID` (it sets the agents up and publishes them)',
        };
      return { ok: true, detail: `${agents.length} task type/language pair(s), each with a published agent` };
    },
  },
  {
    id: 'voice.agent-setup',
    title: 'Analysis fields and voicemail are in the published versions',
    async run(ctx) {
      if (!ctx.voice) return NO_PROVIDER;
      const voicemail = ctx.config.calls?.voicemail;
      const agents = agentsOfCompany(ctx.config).filter((a) => a.agentId !== null);
      if (!voicemail && agents.some((a) => a.collections))
        return {
          ok: false,
          detail: 'collections agents have no limited-content voicemail',
          fix: 'set calls.voicemail {businessName, agentName, callbackNumber}, then run `outreach voice agents --company ID`',
        };
      const versions = await publishedAgentVersions(ctx.db, [ctx.companyId]);
      const problems: string[] = [];
      const seen = new Set<string>();
      for (const a of agents) {
        const version = versions.get(`${ctx.companyId}/${a.agentId}`);
        if (version === undefined || seen.has(a.agentId!)) continue;
        seen.add(a.agentId!);
        const collections = agents.some((b) => b.agentId === a.agentId && b.collections);
        const drift = await ctx.voice.ensureAgent(
          a.agentId!,
          { voicemailMessage: collections && voicemail ? limitedContentMessage(voicemail) : null },
          { check: true, version },
        );
        if (drift.differences.length) problems.push(`${a.agentId} version ${version}: ${drift.differences.join(', ')}`);
      }
      if (problems.length)
        return {
          ok: false,
          detail: problems.join('; '),
          fix: 'run `outreach voice agents --company ID` (it publishes a version with the setup)',
        };
      if (seen.size === 0)
        return { ok: false, detail: 'no published agent to inspect', fix: 'see "A published agent" above' };
      return { ok: true, detail: `${seen.size} published agent version(s) carry the analysis fields and voicemail` };
    },
  },
  {
    id: 'voice.webhook-key',
    title: 'Webhook key',
    async run(ctx) {
      if (!ctx.voice) return NO_PROVIDER;
      const key = await ctx.voice.webhookKeyCheck();
      const which = key.separate ? 'calls.provider.webhookKey' : 'the API key';
      if (!key.authenticates)
        return {
          ok: false,
          detail: `${which} is not a key of the account: every webhook would be refused (401)`,
          fix: 'set calls.provider.webhookKey to the API key with the webhook badge (Retell dashboard, API keys)',
        };
      return {
        ok: true,
        detail: `${which} is a key of the account; Retell signs only with the key that has the webhook badge: confirm it is this one`,
      };
    },
  },
  {
    id: 'voice.concurrency',
    title: "Account concurrency covers the company's calls",
    async run(ctx) {
      if (!ctx.voice) return NO_PROVIDER;
      const { limit, current } = await ctx.voice.accountConcurrency();
      const wanted = ctx.config.calls?.maxConcurrentCalls ?? ctx.defaultMaxConcurrentCalls;
      return wanted > limit
        ? {
            ok: false,
            detail: `the account takes ${limit} calls at once; the company dials up to ${wanted}`,
            fix: `lower calls.maxConcurrentCalls to ${limit} or buy concurrency in Retell`,
          }
        : { ok: true, detail: `limit ${limit} (${current} ongoing); the company dials up to ${wanted} at once` };
    },
  },
];

/** PUBLIC_BASE_URL must be https and answer: providers post every webhook there. */
export const PUBLIC_URL_CHECK: ReadinessCheck = {
  id: 'public-base-url',
  title: 'PUBLIC_BASE_URL is reachable over https',
  async run(ctx: ReadinessContext) {
    const url = new URL(ctx.publicBaseUrl);
    if (url.protocol !== 'https:')
      return {
        ok: false,
        detail: `${ctx.publicBaseUrl} is not https: providers will not deliver webhooks to it`,
        fix: 'set PUBLIC_BASE_URL to the https address the providers reach this service at',
      };
    const health = `${ctx.publicBaseUrl.replace(/\/+$/, '')}/healthz`;
    let status: number;
    try {
      status = await ctx.probe(health);
    } catch (err) {
      return {
        ok: false,
        detail: `${health} did not answer: ${(err as Error).message}`,
        fix: 'expose the service at PUBLIC_BASE_URL (DNS, TLS certificate, load balancer)',
      };
    }
    return status >= 200 && status < 300
      ? { ok: true, detail: `${health} answered ${status}` }
      : { ok: false, detail: `${health} answered ${status}`, fix: 'check that PUBLIC_BASE_URL routes to this service' };
  },
};

/** Every go-live check, in checklist order. */
export const READINESS_CHECKS: readonly ReadinessCheck[] = [...VOICE_CHECKS, PUBLIC_URL_CHECK];
