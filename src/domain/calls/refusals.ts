import type { Db } from '../../store/shared/db.js';
import {
  type AccountAlertRow,
  getAccountAlert,
  listAccountAlerts,
  openAccountAlert,
  openAccountAlerts,
  resumeAccountAlerts,
} from '../../store/calls/account-alerts.js';
import { deleteNeverDialedCalls } from '../../store/calls/calls.js';
import type { CallRow } from '../../store/calls/calls.js';
import { requeueNeverDialedCalls, type ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import { ACCOUNT_ALERT_REASONS, type AccountConcurrency, CONCURRENCY_REFUSALS } from '../ports/voice-provider.js';
import { publishEvent } from '../webhooks/publish.js';
import { newId } from '../shared/ids.js';
import { NotFoundError } from '../shared/errors.js';
import { PROVIDER_DEFERRAL } from '../planning/call-reasons.js';
import { recordProviderAlert } from '../../observability/metrics.js';
import type { Logger } from '../../lib/logger.js';
import { type CallServices, connectionOf, type RefusalSettings } from './call-services.js';

export type { RefusalSettings };

export type { AccountAlertRow };

export const DEFAULT_REFUSAL_SETTINGS: RefusalSettings = {
  backoffMs: 30_000,
  pausedRecheckMs: 300_000,
  signatureFailures: 5,
  signatureWindowMs: 60_000,
};

export const refusalSettingsOf = (s: CallServices): RefusalSettings => s.settings.refusals ?? DEFAULT_REFUSAL_SETTINGS;

/**
 * When a refused call is tried again: the backoff doubles with each attempt of the scheduled call
 * (1×, 2×, 4× … up to 16× the base). The dial-time check then applies the calling rules at that
 * time: a retry that falls outside the calling window moves to the next allowed time, with that reason.
 */
export function retryAfterRefusal(now: Date, settings: RefusalSettings, dialAttempts: number): Date {
  const factor = 2 ** Math.min(4, Math.max(0, dialAttempts - 1));
  return new Date(now.getTime() + settings.backoffMs * factor);
}

/** The reason stored on a scheduled call refused at create time (HTTP 429). */
export function refusedAtCreateReason(attempt: number, retryAt: Date, message: string): string {
  return `${PROVIDER_DEFERRAL}refused for the account's concurrency (attempt ${attempt}, not a call); retried at ${retryAt.toISOString()}: ${message}`.slice(
    0,
    1000,
  );
}

/** What a completed call that never rang for the account's sake becomes instead of a completion. */
export type NeverDialed = 'concurrency' | 'account_alert';

export function neverDialedOf(call: Pick<CallRow, 'disconnectionReason'>): NeverDialed | null {
  const reason = call.disconnectionReason;
  if (!reason) return null;
  if (CONCURRENCY_REFUSALS.includes(reason)) return 'concurrency';
  if (ACCOUNT_ALERT_REASONS.includes(reason)) return 'account_alert';
  return null;
}

/**
 * In the callback batch's transaction, for the calls that reached their end but never rang for the
 * account's sake: each scheduled call goes back to pending (retried with backoff for a concurrency
 * end; after the pause for an account alert, whose alert opens here with its `provider.alert`
 * event), and its call record is let go. Returns the alerts opened (counted once committed).
 */
export async function requeueNeverDialed(
  db: Db,
  settings: RefusalSettings,
  calls: ReadonlyArray<{ scheduled: ScheduledCallRow; call: CallRow }>,
  now: Date,
): Promise<AccountAlertRow[]> {
  if (!calls.length) return [];
  const at = now.toISOString();
  const opened: AccountAlertRow[] = [];
  const requeue = [];
  for (const { scheduled, call } of calls) {
    const reason = call.disconnectionReason!;
    if (neverDialedOf(call) === 'account_alert') {
      const alert = await raiseAccountAlert(db, {
        companyId: scheduled.companyId,
        provider: call.provider,
        kind: reason,
        detail: `The voice provider ended call ${call.providerCallId} with ${reason}: the account cannot place calls`,
        providerCallId: call.providerCallId,
        now,
      });
      if (alert) opened.push(alert);
      requeue.push({
        companyId: scheduled.companyId,
        id: scheduled.id,
        providerCallId: call.providerCallId,
        time: new Date(now.getTime() + settings.pausedRecheckMs).toISOString(),
        reason: `${PROVIDER_DEFERRAL}the call ended with ${reason} (not a call to the borrower); dialing on the account is paused until an operator runs outreach voice resume`,
      });
    } else {
      const time = retryAfterRefusal(now, settings, scheduled.dialAttempts);
      requeue.push({
        companyId: scheduled.companyId,
        id: scheduled.id,
        providerCallId: call.providerCallId,
        time: time.toISOString(),
        reason: `${PROVIDER_DEFERRAL}the call ended with ${reason} (attempt ${scheduled.dialAttempts}, not a call); retried at ${time.toISOString()}`,
      });
    }
  }
  const moved = await requeueNeverDialedCalls(db, requeue, at);
  await deleteNeverDialedCalls(
    db,
    calls.filter((c) => moved.has(c.scheduled.id)).map((c) => c.call.id),
  );
  return opened;
}

/**
 * Opens an alert on the company's account (dialing pauses) and publishes its `provider.alert`, in
 * the caller's transaction, unless one is open already (then nothing: one pause, one event).
 */
export async function raiseAccountAlert(
  db: Db,
  a: { companyId: string; provider: string; kind: string; detail: string; providerCallId: string | null; now: Date },
): Promise<AccountAlertRow | null> {
  const alert: AccountAlertRow = {
    id: newId(),
    companyId: a.companyId,
    provider: a.provider,
    kind: a.kind,
    detail: a.detail,
    providerCallId: a.providerCallId,
    raisedAt: a.now.toISOString(),
    resumedAt: null,
    resumedBy: null,
  };
  if (!(await openAccountAlert(db, alert))) return null;
  await publishEvent(
    db,
    a.companyId,
    { type: 'provider.alert', subjectId: alert.id, key: `provider.alert:${alert.id}` },
    a.now,
  );
  return alert;
}

/** Counts and logs (the console banner's log line) the alerts a committed transaction opened. */
export function announceAlerts(log: Logger, alerts: readonly AccountAlertRow[]): void {
  for (const a of alerts) {
    recordProviderAlert(a.kind);
    log.error(
      SMS_CONNECTIONS.includes(a.provider)
        ? "SMS provider alert: the company's texts are held until the account accepts one again"
        : 'voice provider alert: dialing paused on the account until `outreach voice resume`',
      {
        companyId: a.companyId,
        provider: a.provider,
        kind: a.kind,
        detail: a.detail,
      },
    );
  }
}

/** The connections of voice accounts (their open alerts pause dialing) and of SMS accounts (theirs hold texts). */
export const VOICE_CONNECTIONS: readonly string[] = ['live', 'sandbox'];
export const SMS_CONNECTIONS: readonly string[] = ['sms_live', 'sms_sandbox'];

/**
 * The `provider.alert` of an SMS account that refused the request itself (Twilio 20003 Permission
 * Denied, 20403 Forbidden, 30002 Account suspended: the `hold` meaning of
 * src/domain/messages/sms-errors.ts), through the same mechanism as a voice account's: one open
 * alert per company and connection, its webhook event, the metric, the console banner. Its
 * connection is `sms_sandbox` (test customers' texts, the simulator) or `sms_live` (the company's
 * own Twilio account, else the operator's), never a voice one: it pauses no dialing. It closes when
 * the account accepts a text again (the hold lifts); `resumed_by` then says so.
 * The message dispatcher gets these as its `alerts` (wired in src/jobs/, which may use both capabilities).
 */
export function smsAccountAlerts(log: Logger) {
  const connection = (account: string) => (account === 'sandbox' ? 'sms_sandbox' : 'sms_live');
  return {
    async raise(db: Db, a: { companyId: string; account: string; code: number; reason: string; now: Date }) {
      const alert = await raiseAccountAlert(db, {
        companyId: a.companyId,
        provider: connection(a.account),
        kind: a.code === 20003 ? 'sms_permission_denied' : 'sms_account_suspended',
        detail: `Twilio refused the ${a.account === 'company' ? "company's" : a.account === 'operator' ? "operator's" : 'sandbox'} account's request with ${a.reason}: the company's texts are held (retried every 15 minutes) until the account accepts one; check its Account SID and auth token, and that it is active`,
        providerCallId: null,
        now: a.now,
      });
      if (alert) announceAlerts(log, [alert]);
    },
    async clear(db: Db, a: { companyId: string; account: string; now: Date }) {
      await resumeAccountAlerts(
        db,
        a.companyId,
        [connection(a.account)],
        'sms: the account accepted a text',
        a.now.toISOString(),
      );
    },
  };
}

/** The open alerts (paused accounts) of these companies, keyed `companyId provider` (pausedKey). */
export const pausedAccounts = (db: Db, companyIds: readonly string[]) => openAccountAlerts(db, companyIds);
export const pausedKey = (companyId: string, provider: string) => `${companyId} ${provider}`;

/** The reason stored on a claimed call of a paused account, put back to wait. */
export function pausedReason(alert: AccountAlertRow): string {
  return `${PROVIDER_DEFERRAL}dialing on the company's ${alert.provider} voice account is paused since ${alert.raisedAt} (${alert.kind}); an operator resumes it with outreach voice resume`;
}

/**
 * `outreach voice resume --company ID`: closes the company's open alerts (live and sandbox),
 * recording who resumed and when; dialing picks up at the calls' next look (their reason says when).
 * NotFoundError when nothing is paused.
 */
export async function resumeVoiceAccount(db: Db, companyId: string, by: string, now: Date): Promise<AccountAlertRow[]> {
  const resumed = await resumeAccountAlerts(db, companyId, VOICE_CONNECTIONS, by, now.toISOString());
  if (!resumed.length) throw new NotFoundError(`Dialing is not paused on company ${companyId}'s voice account`);
  return resumed;
}

/** Whether dialing is paused: an alert open on a voice connection (an SMS account's alert holds only texts). */
export const pausesDialing = (a: AccountAlertRow): boolean =>
  a.resumedAt === null && VOICE_CONNECTIONS.includes(a.provider);

/** The company's alerts, newest first (GET /provider-alerts, the console's banner). */
export const providerAlerts = (db: Db, companyId: string, limit = 20) => listAccountAlerts(db, companyId, limit);

/** One alert (`provider.alert`'s data). */
export async function providerAlert(db: Db, companyId: string, id: string): Promise<AccountAlertRow> {
  const alert = await getAccountAlert(db, companyId, id);
  if (!alert) throw new NotFoundError(`No provider alert ${id}`);
  return alert;
}

/** Webhook signature failures per company, in this process, within the window (wall clock). */
const failures = new WeakMap<CallServices, Map<string, number[]>>();

/**
 * A callback naming this company failed its signature check: with `signatureFailures` of them
 * within `signatureWindowMs` (in this process), an alert opens and dialing on the account pauses
 * (its webhooks are refused, so its calls would stay unresolved). Only a company that exists counts.
 */
export async function noteSignatureFailure(
  s: CallServices,
  provider: string,
  companyId: string,
  exists: boolean,
): Promise<void> {
  if (!exists) return;
  const settings = refusalSettingsOf(s);
  const byCompany = failures.get(s) ?? new Map<string, number[]>();
  failures.set(s, byCompany);
  const wall = Date.now();
  const key = pausedKey(companyId, provider);
  const recent = (byCompany.get(key) ?? []).filter((t) => t > wall - settings.signatureWindowMs);
  recent.push(wall);
  byCompany.set(key, recent);
  if (recent.length < settings.signatureFailures) return;
  byCompany.delete(key);
  const now = s.now();
  const alert = await s.db.transaction((trx) =>
    raiseAccountAlert(trx, {
      companyId,
      provider,
      kind: 'webhook_signature_failures',
      detail: `${recent.length} voice webhooks naming this company failed their signature check within ${Math.round(settings.signatureWindowMs / 1000)} s: check the webhook key`,
      providerCallId: null,
      now,
    }),
  );
  if (alert) announceAlerts(s.log, [alert]);
}

/** The company's voice account's concurrency (its own provider account, else the operator's), for the dispatcher. */
export async function voiceAccountConcurrency(s: CallServices, companyId: string): Promise<AccountConcurrency> {
  return (await connectionOf(s, 'live', companyId)).accountConcurrency();
}
