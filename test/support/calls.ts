import { processClock } from '../../src/adapters/clock/sandbox-clock.js';
import { createHmac } from 'node:crypto';
import Retell from 'retell-sdk';
import { SIGNATURE_HEADER } from '../../src/adapters/voice/protocol.js';
import { applyCallEvents } from '../../src/domain/calls/callback-batch.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { ConflictError, NotFoundError } from '../../src/domain/shared/errors.js';
import type { ProviderName, VoiceEvent } from '../../src/domain/ports/voice-provider.js';
import type { Db } from '../../src/store/shared/db.js';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import { recordAgentVersion } from '../../src/store/calls/agent-versions.js';
import { startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { eventually } from './eventually.js';
import { startTestService, type TestService } from './service.js';

/** The company's (live) provider simulator's credentials in the call suites. */
export const LIVE_PROVIDER = { apiKey: 'live_key' };

export interface CallStack {
  /** The business clock both simulators and the service start from. */
  clock: () => Date;
  /** The simulator test customers reach. */
  sandbox: VoiceSimulator;
  /** The simulator standing in for the company's provider. */
  live: VoiceSimulator;
  t: TestService;
}

/** The API with dispatch on, its clock at `clockIso`, a sandbox and a live provider simulator on that clock; `env` adds to it. */
export async function startCallStack(db: Db, clockIso: string, env: Record<string, string> = {}): Promise<CallStack> {
  const clock = processClock(new Date(clockIso));
  const sandbox = await startVoiceSimulator({ now: clock });
  const live = await startVoiceSimulator({ now: clock, ...LIVE_PROVIDER });
  const t = await startTestService(db, {
    env: {
      OUTREACH_CALLS_DISPATCH: 'on',
      OUTREACH_CLOCK: clockIso,
      OUTREACH_CALLS_POLL_MS: '50',
      OUTREACH_VOICE_SIMULATOR_URL: sandbox.url,
      OUTREACH_VOICE_BASE_URL: live.url,
      OUTREACH_VOICE_API_KEY: LIVE_PROVIDER.apiKey,
      ...env,
    },
  });
  // The live provider is a Retell account: a company dials only agents it names, published. The
  // stand-in's sandbox account owns `agent-<taskType>` published at version 0 (simulators/voice/agents.ts).
  const company = t.company.bind(t);
  t.company = async (name?: string) => {
    const created = await company(name);
    await useSandboxAgentsLive(db, created.companyId);
    return created;
  };
  return { clock, sandbox, live, t };
}

/**
 * Names the sandbox's `agent-<taskType>` agents as the company's live agents, published at version
 * 0 (as the simulator's default account has them): what `outreach voice agents` would record.
 */
export async function useSandboxAgentsLive(db: Db, companyId: string): Promise<void> {
  const config = await getCompanyConfig(db, companyId);
  const agents = Object.fromEntries(config.taskTypes.map((tt) => [tt.name, `agent-${tt.name}`]));
  await setCompanyConfig(db, companyId, { ...config, calls: { ...config.calls, agents } });
  for (const agentId of Object.values(agents))
    await recordAgentVersion(db, { companyId, agentId, publishedVersion: 0, publishedAt: new Date().toISOString() });
}

/** Waits (90 s unless `withinMs` says otherwise) until the scheduled call leaves pending/dialing and returns it. */
export async function settledScheduledCall(
  t: TestService,
  key: string,
  id: string,
  { withinMs = 90_000 }: { withinMs?: number } = {},
): Promise<any> {
  return eventually(
    async () => {
      const res = await t.call('GET', `/scheduled-calls/${id}`, { key });
      return ['pending', 'dialing'].includes(res.body.status) ? undefined : res.body;
    },
    withinMs,
    `scheduled call ${id} to settle`,
  );
}

/**
 * Posts a callback as Retell would, signed with the API key by `Retell.sign` (now), or, for a
 * delivery signed at another time, in the same format by hand (the SDK signs only at the present).
 */
export async function postCallback(
  t: TestService,
  provider: string,
  body: string,
  apiKey: string,
  signedAt?: Date,
): Promise<{ status: number; body: any }> {
  const signature = signedAt ? retellSignatureAt(body, apiKey, signedAt) : await Retell.sign(body, apiKey);
  const res = await t.call('POST', `/callbacks/voice/${provider}`, {
    rawBody: body,
    headers: { [SIGNATURE_HEADER]: signature },
  });
  return { status: res.status, body: res.body };
}

/** `v=<ms>,d=<hex HMAC-SHA256(key, body + ms)>`: Retell's signature at a chosen instant. */
export function retellSignatureAt(body: string, apiKey: string, at: Date): string {
  const ms = at.getTime();
  return `v=${ms},d=${createHmac('sha256', apiKey)
    .update(body + ms)
    .digest('hex')}`;
}

/**
 * One provider event applied alone, as a set of one through the service's one apply path
 * (applyCallEvents), its outcome told as errors: NotFoundError for a call that is not this
 * provider's, ConflictError for an event id already processed; `applied` false when the event
 * arrived after a later one and changed nothing. `completionReason` is noted on the scheduled call
 * when this event completes it (the reconciliation sweep's note).
 */
export async function applyVoiceEvent(
  s: CallServices,
  providerName: ProviderName,
  event: VoiceEvent,
  completionReason?: string,
): Promise<{ eventId: string; applied: boolean }> {
  const outcome = (
    await applyCallEvents(
      s,
      new Map([[event.scheduledCallId, [{ seq: 0, provider: providerName, event, completionReason }]]]),
      { inbox: false },
    )
  ).get(0);
  if (outcome === 'unknown_call') throw new NotFoundError(`Unknown call ${event.providerCallId}`);
  if (outcome === 'duplicate')
    throw new ConflictError(`Event ${event.eventId} was already processed`, 'duplicate_event');
  return { eventId: event.eventId, applied: outcome === 'applied' };
}

/**
 * Attests the company's written consent (consent.attestation, docs/partners/consent.md) over its
 * current configuration: for suites about other rules that dial non-test origination leads.
 */
export async function attestWrittenConsent(db: Db, companyId: string): Promise<void> {
  const config = await getCompanyConfig(db, companyId);
  await setCompanyConfig(db, companyId, {
    ...config,
    consent: { ...config.consent, attestation: { form: 'application-consent', version: 'v1' } },
  });
}
