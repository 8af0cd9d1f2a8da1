import { findCompanies } from '../shared/company-config.js';
import { getCustomersByKey, getLoan } from '../borrowers/borrowers.js';
import { dynamicVariablesOf } from './dynamic-variables.js';
import { paymentLinkForCall, paymentLinkUrl } from '../payment-links/payment-links.js';
import { claimDueCalls } from '../../store/calls/call-dispatch.js';
import {
  endClaimedCall,
  HELD_PREFIX,
  holdClaimedCall,
  releaseDialLease,
  rescheduleClaimedCall,
  takeDialLeases,
} from '../scheduled-calls/scheduled-calls.js';
import type { EnqueueOptions } from '../ports/job-queue.js';
import type { ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import {
  type CallLookupAnswer,
  ConcurrencyRefusedError,
  ProviderRejectedError,
  type VoiceProvider,
} from '../ports/voice-provider.js';
import {
  pausedAccounts,
  pausedKey,
  pausedReason,
  refusalSettingsOf,
  refusedAtCreateReason,
  retryAfterRefusal,
} from './refusals.js';
import { callingStates, verdictAt } from './call-rules.js';
import { reassignedAtDial } from './reassigned-dial.js';
import { type CallServices, callbackUrlOf, DIAL_QUEUE, voiceOf } from './call-services.js';
import { CONFIGURATION_RETRY_MS, dialTargetOf } from './dial-target.js';
import { publishedAgentVersions } from './voice-agents.js';
import { type PlacedAnswer, recordPlacedCalls } from './placed-calls.js';
import { publishEvent } from '../webhooks/publish.js';
import { scheduledCallUpdated } from '../planning/call-status-events.js';
import { type ContactDecision, recordContactDecisions } from '../audit/contact-decisions.js';
import { lmsDialVerdict, settleLmsVerdict } from './lms-dial-check.js';

/** One claimed scheduled call to dial (a message of the call-dial queue). */
export interface DialRequest {
  scheduledCallId: string;
  companyId: string;
}

/**
 * `refused`: the provider refused the create request for the account's concurrency (back to pending,
 * retried with backoff); `paused`: dialing on the company's account is paused by an alert (back to
 * pending, looked at again later); `held`: waiting for the consent its purpose needs.
 */
export type DialOutcome =
  'placed' | 'found_at_provider' | 'moved' | 'held' | 'skipped' | 'failed' | 'not_ours' | 'refused' | 'paused';

/** A call held for consent is looked at again this long after (earlier when consent is recorded). */
const CONSENT_HOLD_RECHECK_MS = 24 * 3_600_000;

/** What became of one request of a batch: an outcome, or an error to retry the message with (the provider was down). */
export type DialResult = { outcome: DialOutcome } | { retry: Error };

/**
 * Claims due pending calls (pending → dialing, in one store operation that respects each company's
 * concurrency and each provider account's headroom) and enqueues a dial message per call, committed together: a claimed call always has
 * a message, and a dead worker's message comes back. Answers how many were claimed.
 */
export async function claimCallsToDial(
  s: CallServices,
  limits: { batch: number; defaultConcurrency: number },
  enqueue: EnqueueOptions,
): Promise<number> {
  return s.db.transaction(async (trx) => {
    const rows = await claimDueCalls(trx, s.now().toISOString(), limits);
    await s.queue.enqueue(
      trx,
      DIAL_QUEUE,
      rows.map((r): DialRequest => ({ scheduledCallId: r.id, companyId: r.companyId })),
      enqueue,
    );
    return rows.length;
  });
}

/**
 * Dials a batch of claimed scheduled calls, each at most once across workers, retries and crashes,
 * with a provider that has no idempotency key
 * (docs/architecture/decisions/at-most-one-dial.md):
 * 1. the dial guard (one statement for the batch) commits this worker's lease before any request:
 *    only the calls it returns are this worker's to dial; the others are placed, ended or held;
 * 2. a call's attempt after the first looks the call up at the provider before anything else (the
 *    previous holder may have died after the provider accepted it): found → recorded; ambiguous →
 *    the call fails without a second dial; only a lookup proving no call exists lets it dial;
 * 3. a collections call's LMS is read again (lms-dial-check.ts: loan sub-status, the phone's Do Not
 *    Call flag; cached for a bounded time): a closed loan cancels, a bankruptcy/attorney/deceased
 *    sub-status restricts, a Do Not Call phone skips; an LMS that cannot be read puts the call back;
 *    then the pure scheduler re-checks every call against the state now (read for the batch in a few
 *    statements, right before the requests), then its number's consent (the consent ledger, read
 *    with it): not allowed → moved back to pending at the next allowed time, or skipped (a revoked
 *    consent: always), or held for the consent its purpose needs (pending, re-checked a day later
 *    or when consent is recorded), with the reason stored; an allowed verdict names its consent;
 * 4. the create requests, concurrently, each sent once (the adapter never retries one);
 * 5. the answers are recorded together (call records, provider call ids) in one transaction, with
 *    each dial-time decision (every rule evaluated with its verdict, the consent basis).
 * A provider that is down releases that call's guard and yields `retry` (the queue retries it with
 * backoff); on the last attempt, or when the provider refuses the request, the call ends as failed.
 * `lastAttempt[i]` says whether request i is on its last delivery. The results are in request order.
 */
export async function dialScheduledCalls(
  s: CallServices,
  requests: readonly DialRequest[],
  lastAttempt: readonly boolean[],
): Promise<DialResult[]> {
  const wall = Date.now();
  const leased = await takeDialLeases(
    s.db,
    requests.map((r) => ({ companyId: r.companyId, id: r.scheduledCallId })),
    new Date(wall).toISOString(),
    new Date(wall + s.settings.dialLeaseMs).toISOString(),
  );
  const mine = new Map(leased.map((c) => [c.id, c]));
  const now = s.now();
  const companies = await findCompanies(
    s.db,
    leased.map((c) => c.companyId),
  );
  const customers = await getCustomersByKey(
    s.db,
    leased.map((c) => ({ companyId: c.companyId, customerId: c.customerId })),
  );
  const present = leased.flatMap((call) => {
    const customer = customers.get(`${call.companyId}/${call.customerId}`);
    const company = companies.get(call.companyId);
    return customer && company ? [{ call, customer, config: company.config, companyName: company.name }] : [];
  });
  const states = new Map((await callingStates(s.db, present, now)).map((state, i) => [present[i].call.id, state]));
  const versions = await publishedAgentVersions(
    s.db,
    present.map((p) => p.call.companyId),
  );
  const paused = await pausedAccounts(
    s.db,
    present.map((p) => p.call.companyId),
  );
  const refusals = refusalSettingsOf(s);
  const answers: Array<{ call: ScheduledCallRow; placed: PlacedAnswer }> = [];
  const decisions: ContactDecision[] = [];

  const dialOne = async (req: DialRequest, last: boolean): Promise<DialResult> => {
    const call = mine.get(req.scheduledCallId);
    if (!call) return { outcome: 'not_ours' };
    const at = now.toISOString();
    const entry = present.find((p) => p.call.id === call.id);
    if (!entry) {
      await endCall(s, call, 'skipped', 'The customer no longer exists', at);
      return { outcome: 'skipped' };
    }
    const provider = voiceOf(s, call.companyId, entry.config, entry.customer.isTest);
    const target = dialTargetOf({
      config: entry.config,
      call,
      customer: entry.customer,
      simulated: provider.name === 'sandbox' || (s.liveSimulated === true && provider === s.voice.live),
      ownAccount: provider !== s.voice.live && provider !== s.voice.sandbox,
      operatorNumber: s.settings.fromNumber,
      versionOf: (agentId) => versions.get(`${call.companyId}/${agentId}`),
    });
    // A paused account places nothing; the sandbox's alerts pause only the sandbox (test customers).
    const pause = paused.get(pausedKey(call.companyId, provider.name));
    if (pause) {
      const retryAt = new Date(now.getTime() + refusals.pausedRecheckMs).toISOString();
      await rescheduleClaimedCall(s.db, call.companyId, call.id, retryAt, pausedReason(pause), at);
      return { outcome: 'paused' };
    }
    const answer = (providerCallId: string, time: Date) => ({
      provider: provider.name,
      providerCallId,
      toNumber: call.phoneNumber,
      fromNumber: 'from' in target ? target.from : null,
      at: time,
    });
    try {
      if (call.dialAttempts > 1) {
        const found = await provider.findCall(lookupOf(call, wall));
        if (found.kind === 'found') {
          answers.push({ call, placed: answer(found.call.providerCallId, now) });
          s.log.info('call found at the provider after an interrupted attempt', {
            scheduledCallId: call.id,
            providerCallId: found.call.providerCallId,
          });
          return { outcome: 'found_at_provider' };
        }
        if (found.kind === 'ambiguous') return notRedialed(s, call, found);
      }
      if ('notReady' in target) return await notConfigured(s, call, target.notReady, now);
      // A collections call: the LMS's word now (loan sub-status, the phone's Do Not Call flag) before the rules.
      const lms = call.purpose === 'collections' ? await lmsDialVerdict(s, call, entry.config, now) : null;
      if (lms && lms.kind !== 'clear') return { outcome: await settleLmsVerdict(s, call, lms, now, decisions) };
      let verdict = verdictAt(entry.config, call, states.get(call.id)!, now);
      // The Reassigned Numbers Database, asked only for a call the rules and consent allow.
      if (verdict.kind === 'allowed')
        verdict = await reassignedAtDial(s, entry, call, verdict, states.get(call.id)!, now);
      decisions.push({
        companyId: call.companyId,
        customerId: call.customerId,
        channel: 'call',
        subjectId: call.id,
        at: now,
        recipient: call.phoneNumber,
        rules: verdict.rules,
        verdict:
          verdict.kind === 'allowed'
            ? 'allowed'
            : verdict.kind === 'later' || verdict.kind === 'held'
              ? 'moved'
              : 'refused',
        reason: verdict.kind === 'allowed' ? null : verdict.reason,
        consent: verdict.kind === 'allowed' ? verdict.consent : null,
      });
      if (verdict.kind === 'later') {
        await rescheduleClaimedCall(
          s.db,
          call.companyId,
          call.id,
          verdict.time,
          `Moved at dial time: ${verdict.reason}`,
          at,
        );
        return { outcome: 'moved' };
      }
      if (verdict.kind === 'held') {
        // Waiting for consent: back to pending, re-checked a day later unless consent arrives first
        // (recording it releases the call at once: releaseHeldCalls).
        await holdClaimedCall(
          s.db,
          call.companyId,
          call.id,
          new Date(now.getTime() + CONSENT_HOLD_RECHECK_MS).toISOString(),
          `${HELD_PREFIX}${verdict.reason}`,
          at,
        );
        return { outcome: 'held' };
      }
      if (verdict.kind === 'never') {
        await endCall(s, call, 'skipped', `Not allowed at dial time: ${verdict.reason}`, at);
        return { outcome: 'skipped' };
      }
      const purpose = entry.config.taskTypes.find((t) => t.name === call.taskType)?.purpose ?? 'origination';
      // The loan is read only for a collections call: nothing of it is sent otherwise.
      const loan =
        purpose === 'collections' && call.loanId
          ? await getLoan(s.db, call.companyId, call.customerId, call.loanId)
          : null;
      // The link the agent may offer ("I can text you a link"): one per scheduled call, however often dialed.
      const link = loan ? await paymentLinkForCall(s.db, entry.config, call, loan, now) : null;
      const placed = await provider.createCall({
        to: call.phoneNumber,
        from: target.from,
        agent: target.agent,
        ...(target.agentVersion !== undefined ? { agentVersion: target.agentVersion } : {}),
        transferDestination: verdict.transferDestination,
        ...(verdict.leaveVoicemail ? {} : { skipVoicemail: true }),
        dynamicVariables: dynamicVariablesOf({
          purpose,
          transferDestination: verdict.transferDestination,
          customer: entry.customer,
          companyName: entry.companyName,
          config: entry.config,
          loan,
          paymentLink: link && paymentLinkUrl(s.settings, link),
          now,
        }),
        metadata: { scheduledCallId: call.id, companyId: call.companyId, customerId: call.customerId },
        callbackUrl: callbackUrlOf(s.settings, provider.name),
      });
      answers.push({ call, placed: answer(placed.providerCallId, s.now()) });
      return { outcome: 'placed' };
    } catch (err) {
      if (err instanceof ConcurrencyRefusedError) {
        // Nothing was placed: not an attempt. Back to pending, tried again after the backoff.
        const retryAt = retryAfterRefusal(s.now(), refusals, call.dialAttempts);
        const reason = refusedAtCreateReason(call.dialAttempts, retryAt, err.message);
        await rescheduleClaimedCall(
          s.db,
          call.companyId,
          call.id,
          retryAt.toISOString(),
          reason,
          s.now().toISOString(),
        );
        return { outcome: 'refused' };
      }
      return failed(s, provider, call, err as Error, last, (id) => answers.push({ call, placed: answer(id, s.now()) }));
    }
  };

  // A call whose own bookkeeping failed (the database) is retried alone; the others' answers are still recorded.
  const settled = await Promise.allSettled(requests.map((r, i) => dialOne(r, lastAttempt[i] ?? false)));
  // The batch's decisions (allowed, moved, refused) are written with its answers: one statement, one transaction.
  if (decisions.length) {
    await s.db.transaction(async (trx) => {
      await recordPlacedCalls(trx, answers);
      await recordContactDecisions(trx, decisions);
    });
  } else await recordPlacedCalls(s.db, answers);
  return settled.map((r) =>
    r.status === 'fulfilled' ? r.value : { retry: r.reason instanceof Error ? r.reason : new Error(String(r.reason)) },
  );
}

/** A create request that did not go through: found after all, retried later, or the call fails. */
async function failed(
  s: CallServices,
  provider: VoiceProvider,
  call: ScheduledCallRow,
  err: Error,
  lastAttempt: boolean,
  found: (providerCallId: string) => void,
): Promise<DialResult> {
  if (lastAttempt && !(err instanceof ProviderRejectedError)) {
    // A timed-out request may still have been placed: ask once more before giving up.
    const lookup = await provider.findCall(lookupOf(call, Date.now())).catch(() => null);
    if (lookup?.kind === 'found') {
      found(lookup.call.providerCallId);
      return { outcome: 'found_at_provider' };
    }
  }
  if (err instanceof ProviderRejectedError || lastAttempt) {
    await endCall(
      s,
      call,
      'failed',
      `The voice provider did not place the call: ${err.message}`,
      s.now().toISOString(),
    );
    return { outcome: 'failed' };
  }
  await releaseDialLease(s.db, call.companyId, call.id);
  return { retry: err };
}

/**
 * What the provider is asked after an interrupted attempt: calls to this number since the first
 * lease (a day back when that is unknown: a call leased before the column existed).
 */
function lookupOf(call: ScheduledCallRow, wall: number) {
  return {
    scheduledCallId: call.id,
    toNumber: call.phoneNumber,
    since: new Date(call.firstDialLeaseAt ?? wall - 24 * 3_600_000),
  };
}

/**
 * The provider holds a call to this number since the first lease that cannot be told apart from
 * ours: dialing again could be a second call, so the call fails, with the reason stored.
 */
async function notRedialed(
  s: CallServices,
  call: ScheduledCallRow,
  lookup: Extract<CallLookupAnswer, { kind: 'ambiguous' }>,
): Promise<DialResult> {
  s.log.warn('call not dialed again: the provider lookup was ambiguous', {
    scheduledCallId: call.id,
    reason: lookup.reason,
  });
  await endCall(
    s,
    call,
    'failed',
    `Not dialed again after an interrupted attempt: ${lookup.reason}`,
    s.now().toISOString(),
  );
  return { outcome: 'failed' };
}

/**
 * A live call the company's configuration cannot place (no agent Retell issued, no published
 * version, no caller id of its own account): back to pending with the reason, tried again later,
 * so every affected call shows why until the configuration is fixed.
 */
async function notConfigured(s: CallServices, call: ScheduledCallRow, reason: string, now: Date): Promise<DialResult> {
  s.log.warn('call not placed: the company is not configured for live calls', { scheduledCallId: call.id, reason });
  await rescheduleClaimedCall(
    s.db,
    call.companyId,
    call.id,
    new Date(now.getTime() + CONFIGURATION_RETRY_MS).toISOString(),
    // The dial-time prefix shows it among the call's timingReasons (planning/call-reasons.ts).
    `Moved at dial time: not configured for live calls: ${reason}`,
    now.toISOString(),
  );
  return { outcome: 'moved' };
}

/** A claimed call that will not be placed ends, with its `scheduled_call.updated`, in one transaction. */
async function endCall(
  s: CallServices,
  call: ScheduledCallRow,
  status: 'skipped' | 'failed',
  reason: string,
  at: string,
): Promise<void> {
  await s.db.transaction(async (trx) => {
    if (await endClaimedCall(trx, call.companyId, call.id, status, reason, at))
      await publishEvent(trx, call.companyId, scheduledCallUpdated(call.id, status), new Date(at));
  });
}
