import type { OutcomeValues } from '../../domain/ports/voice-provider.js';
import type { OutcomeLabel } from './outcome-labels.js';
import type { RetellCall, RetellDisconnectionReason } from './protocol.js';

/** Who or what the call reached, as its disconnection reason tells. */
export type Reached = 'person' | 'voicemail' | 'machine' | 'nobody' | 'not_placed' | 'failed';

/**
 * Every `disconnection_reason` Retell declares (retell-sdk's PhoneCallResponse; the Record type makes
 * a new one a compile error here): what the call reached and the contract flags the reason alone
 * gives. A reason Retell adds later reads as `failed` with no flag. One test per row.
 */
export const DISCONNECTION_ROWS: Readonly<
  Record<RetellDisconnectionReason, { reached: Reached; flags: readonly string[] }>
> = {
  user_hangup: { reached: 'person', flags: [] },
  agent_hangup: { reached: 'person', flags: [] },
  inactivity: { reached: 'person', flags: [] },
  max_duration_reached: { reached: 'person', flags: [] },
  manual_stopped: { reached: 'person', flags: [] },
  call_take_over: { reached: 'person', flags: [] },
  // The agent handed the call over; whether the transfer connected is told by Retell's transfer
  // events (transfer_bridged / transfer_cancelled), read when the call completes (call-transfers.ts).
  call_transfer: { reached: 'person', flags: [] },
  transfer_bridged: { reached: 'person', flags: ['SUCCESSFUL_TRANSFER'] },
  transfer_cancelled: { reached: 'person', flags: ['TRANSFER_FAILED'] },
  voicemail_reached: { reached: 'voicemail', flags: [] },
  ivr_reached: { reached: 'machine', flags: [] },
  dial_no_answer: { reached: 'nobody', flags: ['NO_ANSWER'] },
  dial_busy: { reached: 'nobody', flags: ['NO_ANSWER'] },
  user_declined: { reached: 'nobody', flags: ['NO_ANSWER'] },
  dial_failed: { reached: 'not_placed', flags: [] },
  invalid_destination: { reached: 'not_placed', flags: [] },
  telephony_provider_permission_denied: { reached: 'not_placed', flags: [] },
  telephony_provider_unavailable: { reached: 'not_placed', flags: [] },
  sip_routing_error: { reached: 'not_placed', flags: [] },
  marked_as_spam: { reached: 'not_placed', flags: [] },
  concurrency_limit_reached: { reached: 'not_placed', flags: [] },
  no_concurrency_fallback: { reached: 'not_placed', flags: [] },
  no_valid_payment: { reached: 'not_placed', flags: [] },
  scam_detected: { reached: 'not_placed', flags: [] },
  registered_call_timeout: { reached: 'not_placed', flags: [] },
  error_user_not_joined: { reached: 'not_placed', flags: [] },
  error_llm_websocket_open: { reached: 'failed', flags: [] },
  error_llm_websocket_lost_connection: { reached: 'failed', flags: [] },
  error_llm_websocket_runtime: { reached: 'failed', flags: [] },
  error_llm_websocket_corrupt_payload: { reached: 'failed', flags: [] },
  error_no_audio_received: { reached: 'failed', flags: [] },
  error_asr: { reached: 'failed', flags: [] },
  error_retell: { reached: 'failed', flags: [] },
  error_unknown: { reached: 'failed', flags: [] },
};

/** What the call reached: Retell's voicemail detection first, then the disconnection reason. */
export function reachedOf(call: RetellCall): Reached | null {
  if (call.call_analysis?.in_voicemail === true) return 'voicemail';
  const reason = call.disconnection_reason;
  if (!reason) return null;
  return Object.hasOwn(DISCONNECTION_ROWS, reason) ? DISCONNECTION_ROWS[reason].reached : 'failed';
}

/**
 * Provider facts → the contract's call flags, one row per fact; a call's flags are those of every
 * row that holds, in table order, without repeats. The labels are the agent's post-call analysis
 * fields (outcome-labels.ts); the disconnection reason's own flags (DISCONNECTION_ROWS) are added
 * first. Each row has a test.
 */
export const OUTCOME_FLAG_ROWS: ReadonlyArray<{
  outcome: string;
  holds: (call: RetellCall) => boolean;
  flags: readonly string[];
}> = [
  {
    outcome: 'reached a voicemail (in_voicemail or voicemail_reached)',
    holds: (c) => reachedOf(c) === 'voicemail',
    flags: ['VOICEMAIL'],
  },
  {
    outcome: 'label voicemail_message_left',
    holds: (c) => label(c, 'voicemail_message_left'),
    flags: ['VOICEMAIL_CONNECT', 'MESSAGE_LEFT'],
  },
  { outcome: 'label voicemail_full', holds: (c) => label(c, 'voicemail_full'), flags: ['VOICEMAIL_FULL'] },
  {
    outcome: 'label voicemail_not_set_up',
    holds: (c) => label(c, 'voicemail_not_set_up'),
    flags: ['VOICEMAIL_NOT_SET_UP'],
  },
  { outcome: 'reached a person', holds: (c) => reachedOf(c) === 'person', flags: ['CONNECT'] },
  { outcome: 'label live_conversation', holds: (c) => label(c, 'live_conversation'), flags: ['LIVE_CONNECT'] },
  { outcome: 'label right_party_contact', holds: (c) => label(c, 'right_party_contact'), flags: ['RPC'] },
  { outcome: 'label transfer_failed', holds: (c) => label(c, 'transfer_failed'), flags: ['TRANSFER_FAILED'] },
  { outcome: 'label wrong_number', holds: (c) => label(c, 'wrong_number'), flags: ['WRONG_NUMBER'] },
  { outcome: 'label do_not_call', holds: (c) => label(c, 'do_not_call'), flags: ['DNC'] },
  {
    outcome: 'label attorney_representation',
    holds: (c) => label(c, 'attorney_representation'),
    flags: ['ATTORNEY_REP'],
  },
  { outcome: 'label bankruptcy', holds: (c) => label(c, 'bankruptcy'), flags: ['BANKRUPTCY'] },
  { outcome: 'label deceased', holds: (c) => label(c, 'deceased'), flags: ['DECEASED'] },
  { outcome: 'label callback_request', holds: (c) => label(c, 'callback_request'), flags: ['CALLBACK_REQUEST'] },
  { outcome: 'label debt_dispute', holds: (c) => label(c, 'debt_dispute'), flags: ['DEBT_DISPUTE'] },
  { outcome: 'label hardship_request', holds: (c) => label(c, 'hardship_request'), flags: ['HARDSHIP_REQUEST'] },
  { outcome: 'label fraud_claim', holds: (c) => label(c, 'fraud_claim'), flags: ['FRAUD_CLAIM'] },
  { outcome: 'label military', holds: (c) => label(c, 'military'), flags: ['MILITARY'] },
  { outcome: 'label incarcerated', holds: (c) => label(c, 'incarcerated'), flags: ['INCARCERATED'] },
  { outcome: 'label complaint', holds: (c) => label(c, 'complaint'), flags: ['COMPLAINT'] },
  { outcome: 'label threat_or_abuse', holds: (c) => label(c, 'threat_or_abuse'), flags: ['THREAT_OR_ABUSE'] },
  {
    outcome: 'label accessibility_issue',
    holds: (c) => label(c, 'accessibility_issue'),
    flags: ['ACCESSIBILITY_ISSUE'],
  },
];

export function flagsOf(call: RetellCall): string[] {
  const flags: string[] = [];
  const add = (f: readonly string[]) => {
    for (const flag of f) if (!flags.includes(flag)) flags.push(flag);
  };
  const reason = call.disconnection_reason;
  if (reason && Object.hasOwn(DISCONNECTION_ROWS, reason)) add(DISCONNECTION_ROWS[reason].flags);
  for (const row of OUTCOME_FLAG_ROWS) if (row.holds(call)) add(row.flags);
  return order(flags);
}

/** The contract's flag order (the order the table lists them), whatever row added each. */
const FLAG_ORDER = [
  'NO_ANSWER',
  'VOICEMAIL',
  'VOICEMAIL_CONNECT',
  'MESSAGE_LEFT',
  'VOICEMAIL_FULL',
  'VOICEMAIL_NOT_SET_UP',
  'CONNECT',
  'LIVE_CONNECT',
  'RPC',
  'SUCCESSFUL_TRANSFER',
  'TRANSFER_FAILED',
  'WRONG_NUMBER',
  'DNC',
  'ATTORNEY_REP',
  'BANKRUPTCY',
  'DECEASED',
  'CALLBACK_REQUEST',
  'DEBT_DISPUTE',
  'HARDSHIP_REQUEST',
  'FRAUD_CLAIM',
  'MILITARY',
  'INCARCERATED',
  'COMPLAINT',
  'THREAT_OR_ABUSE',
  'ACCESSIBILITY_ISSUE',
];
const order = (flags: string[]) => [...flags].sort((a, b) => FLAG_ORDER.indexOf(a) - FLAG_ORDER.indexOf(b));

/** Who answered, in the terms the call record keeps (`answered_by`). */
export function answeredByOf(call: RetellCall): 'human' | 'machine' | 'unknown' | null {
  const reached = reachedOf(call);
  if (reached === 'person') return 'human';
  if (reached === 'voicemail' || reached === 'machine') return 'machine';
  if (reached === 'failed') return 'unknown';
  return null;
}

/** The analysis values (outcome-labels.ts OUTCOME_VALUES), each checked for shape: a wrong shape reads as null. */
export function outcomeValuesOf(call: RetellCall): OutcomeValues {
  const data = call.call_analysis?.custom_analysis_data;
  const d = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = (v: unknown, shape: RegExp) => (typeof v === 'string' && shape.test(v.trim()) ? v.trim() : null);
  const amount = typeof d.promise_amount === 'string' ? Number(d.promise_amount) : d.promise_amount;
  return {
    callbackTime: text(d.callback_time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
    promiseAmount: typeof amount === 'number' && Number.isFinite(amount) ? amount : null,
    promiseDate: text(d.promise_date, /^\d{4}-\d{2}-\d{2}$/),
  };
}

function label(call: RetellCall, name: OutcomeLabel): boolean {
  const data = call.call_analysis?.custom_analysis_data;
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>)[name] === true;
}
