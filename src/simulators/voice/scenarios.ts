import { createHash } from 'node:crypto';
import type { RetellDisconnectionReason } from '../../adapters/voice/protocol.js';

/** What happens on a simulated call, in Retell's terms (protocol.ts). */
export interface Scenario {
  name: string;
  /** A person, a voicemail, or nobody (the call never connects: status not_connected, no analysis). */
  reached: 'person' | 'voicemail' | 'nobody';
  disconnectionReason: RetellDisconnectionReason;
  /** The agent's boolean post-call analysis fields the analysis answers true (the service defines them). */
  labels: string[];
  transcript: string;
  summary: string;
  /** Connected calls (human or voicemail) have a recording. */
  recorded: boolean;
  /** Create requests answered 503 before one is accepted (per scheduled call). */
  createFailures: number;
  /**
   * Create requests answered 429 (the account's concurrency: Retell's create-phone-call) before one
   * is accepted (per scheduled call); nothing is placed.
   */
  createRefusals: number;
  /**
   * Accepted calls (per scheduled call) that end at once, never connected, with this reason before
   * the scenario plays: Retell ends a call it cannot start for the account's concurrency
   * (https://docs.retellai.com/reliability/debug-call-disconnect).
   */
  endRefusals: { count: number; reason: RetellDisconnectionReason } | null;
  /** Non-boolean analysis values (callback_time, promise_amount, promise_date), from the call's start time. */
  values?: (startedAt: Date) => Record<string, string | number>;
  /** Every callback delivered twice, in a shuffled order. */
  duplicateCallbacks: boolean;
  /** The call happens (GET /v2/get-call shows it) but no callback is ever sent: the reconciliation sweep must find it. */
  callbacksLost: boolean;
  /**
   * The agent's transfers during the call, in order, each reported with Retell's `transfer_started`
   * then `transfer_bridged` (and `transfer_ended` when that leg ends) or `transfer_cancelled`
   * (https://docs.retellai.com/features/webhook): the first to the call's `transfer_destination`,
   * any later one to TRANSFER_FALLBACK_DESTINATION.
   */
  transfers: ReadonlyArray<'bridged' | 'cancelled'>;
}

/** Where the simulated agent transfers after its first transfer failed (a SIP URI, as Retell allows). */
export const TRANSFER_FALLBACK_DESTINATION = 'sip:fallback@sandbox.invalid';

const base = {
  recorded: true,
  createFailures: 0,
  createRefusals: 0,
  endRefusals: null,
  duplicateCallbacks: false,
  callbacksLost: false,
  transfers: [],
};

const LIVE_TRANSFER: Scenario = {
  ...base,
  name: 'live-transfer',
  reached: 'person',
  disconnectionReason: 'call_transfer',
  transfers: ['bridged'],
  labels: ['live_conversation', 'right_party_contact'],
  transcript:
    'Agent: Hello, this is the loan team calling for you about your application. Borrower: Yes, speaking. Agent: Let me connect you with a loan officer now.',
  summary: 'The borrower confirmed their identity and was transferred to a loan officer.',
};

/**
 * The documented magic numbers (fictional 555-0100…0199 range; the last 4 digits decide, any area
 * code). docs/partners/sandbox.md#voice-simulator-and-magic-numbers lists the same table.
 */
export const MAGIC_NUMBERS: Readonly<Record<string, Scenario>> = {
  '0100': LIVE_TRANSFER,
  '0101': {
    ...base,
    name: 'voicemail',
    reached: 'voicemail',
    disconnectionReason: 'voicemail_reached',
    labels: ['voicemail_message_left'],
    transcript:
      'Agent: Hello, this is the loan team with a message about your account. Please call us back at your convenience.',
    summary: 'Reached voicemail and left a callback message.',
  },
  '0102': {
    ...base,
    name: 'no-answer',
    reached: 'nobody',
    disconnectionReason: 'dial_no_answer',
    labels: [],
    transcript: '',
    summary: '',
    recorded: false,
  },
  '0103': {
    ...base,
    name: 'wrong-number',
    reached: 'person',
    disconnectionReason: 'user_hangup',
    labels: ['wrong_number'],
    transcript:
      'Agent: Hello, may I speak with the account holder? Person: You have the wrong number, nobody by that name lives here.',
    summary: 'The person who answered said this is a wrong number.',
  },
  '0104': {
    ...base,
    name: 'do-not-call',
    reached: 'person',
    disconnectionReason: 'user_hangup',
    labels: ['live_conversation', 'right_party_contact', 'do_not_call'],
    transcript:
      'Agent: Hello, am I speaking with the borrower? Borrower: Yes. Please stop calling me and do not call this number again.',
    summary: 'The borrower asked not to be called again.',
  },
  '0105': {
    ...base,
    name: 'attorney',
    reached: 'person',
    disconnectionReason: 'agent_hangup',
    labels: ['live_conversation', 'attorney_representation'],
    transcript:
      'Agent: Hello, I am calling about an account. Person: I am represented by an attorney; contact my lawyer instead.',
    summary: 'The person stated they are represented by an attorney.',
  },
  '0106': {
    ...base,
    name: 'bankruptcy',
    reached: 'person',
    disconnectionReason: 'agent_hangup',
    labels: ['live_conversation', 'right_party_contact', 'bankruptcy'],
    transcript: 'Agent: Hello, am I speaking with the borrower? Borrower: Yes. I have filed for bankruptcy.',
    summary: 'The borrower reported a bankruptcy filing.',
  },
  '0107': { ...LIVE_TRANSFER, name: 'provider-busy-then-live', createFailures: 2 },
  '0108': { ...LIVE_TRANSFER, name: 'duplicate-out-of-order-callbacks', duplicateCallbacks: true },
  '0109': { ...LIVE_TRANSFER, name: 'callbacks-lost', callbacksLost: true },
  // 0125–0129: the account's refusals and alerts (docs/partners/sandbox.md).
  '0125': { ...LIVE_TRANSFER, name: 'concurrency-429-then-live', createRefusals: 2 },
  '0126': {
    ...LIVE_TRANSFER,
    name: 'concurrency-ended-then-live',
    endRefusals: { count: 1, reason: 'concurrency_limit_reached' },
  },
  '0127': {
    ...base,
    name: 'no-valid-payment',
    reached: 'nobody',
    disconnectionReason: 'no_valid_payment',
    labels: [],
    transcript: '',
    summary: '',
    recorded: false,
  },
  // The transfer's own events decide its outcome, not the disconnection reason `call_transfer`.
  '0128': { ...LIVE_TRANSFER, name: 'transfer-failed-then-fallback-bridged', transfers: ['cancelled', 'bridged'] },
  '0129': { ...LIVE_TRANSFER, name: 'transfer-not-answered', transfers: ['cancelled'] },
  // Outcomes that act (docs/partners/outcomes.md; docs/partners/sandbox.md): 0150…0159.
  ...outcomeScenarios(),
  // Promises to pay and voicemails that take no message (issue 42): 0160…0169.
  ...promiseScenarios(),
};

/** A conversation with the borrower that ends with one routed outcome (its label), as a sandbox partner sees it. */
function outcome(name: string, label: string, says: string): Scenario {
  return {
    ...base,
    name,
    reached: 'person',
    disconnectionReason: 'user_hangup',
    labels: ['live_conversation', 'right_party_contact', label],
    transcript: `Agent: Hello, am I speaking with the borrower? Borrower: Yes. ${says}`,
    summary: `The borrower confirmed their identity; outcome: ${name}.`,
  };
}

function outcomeScenarios(): Record<string, Scenario> {
  return {
    '0150': {
      ...outcome('callback-request', 'callback_request', 'I am busy now; call me back tomorrow at half past five.'),
      // The day after the call (UTC date), 17:30 in the borrower's own time.
      values: (startedAt) => ({
        callback_time: `${new Date(startedAt.getTime() + 86_400_000).toISOString().slice(0, 10)}T17:30`,
      }),
    },
    '0151': outcome('debt-dispute', 'debt_dispute', 'I do not owe this; that amount is wrong and I dispute it.'),
    '0152': outcome('hardship-request', 'hardship_request', 'I lost my job last month and need help with payments.'),
    '0153': outcome('fraud-claim', 'fraud_claim', 'I never took out this loan; someone stole my identity.'),
    '0154': outcome('military', 'military', 'I am on active duty with the Army right now.'),
    '0155': outcome('incarcerated', 'incarcerated', 'He is in prison; this is his brother.'),
    '0156': outcome('complaint', 'complaint', 'I want to file a complaint about how I was treated.'),
    '0157': outcome('threat-or-abuse', 'threat_or_abuse', '[abusive language and a threat toward the agent]'),
    '0158': outcome('accessibility-issue', 'accessibility_issue', 'I am hard of hearing and cannot do these calls.'),
    '0159': {
      ...outcome('transfer-failed', 'transfer_failed', 'Yes, please connect me to someone.'),
      disconnectionReason: 'transfer_cancelled',
      transfers: ['cancelled'],
    },
  };
}

/** The borrower's calendar date `days` after the call started (UTC date: the sandbox's customers are in the US). */
const dayAfter = (startedAt: Date, days: number) =>
  new Date(startedAt.getTime() + days * 86_400_000).toISOString().slice(0, 10);

function promiseScenarios(): Record<string, Scenario> {
  const promise = (name: string, says: string, amount: number, days: number): Scenario => ({
    ...outcome(name, 'right_party_contact', says),
    labels: ['live_conversation', 'right_party_contact'],
    values: (startedAt) => ({ promise_amount: amount, promise_date: dayAfter(startedAt, days) }),
  });
  const voicemail = (name: string, label: string, summary: string): Scenario => ({
    ...base,
    name,
    reached: 'voicemail',
    disconnectionReason: 'voicemail_reached',
    labels: [label],
    transcript: 'Agent: Hello, this is the loan team with a message about your account. [mailbox]',
    summary,
  });
  return {
    '0160': promise('promise-to-pay', 'I can pay 150 dollars this Friday.', 150, 3),
    // 90 days ahead: past the default 60-day horizon, the call is flagged for review, no promise is made.
    '0161': promise('promise-beyond-horizon', 'I can pay 200 dollars in three months.', 200, 90),
    // A million dollars: flagged for review when the loans' balances are known (a promise otherwise).
    '0162': promise('promise-over-balance', 'I will pay the whole million next week.', 1_000_000, 5),
    '0163': voicemail(
      'voicemail-full',
      'voicemail_full',
      'Reached a voicemail whose mailbox is full; no message left.',
    ),
    '0164': voicemail(
      'voicemail-not-set-up',
      'voicemail_not_set_up',
      'Reached a voicemail that is not set up; no message left.',
    ),
  };
}

/**
 * A call placed with `agent_override.agent.voicemail_option` = hangup: on a voicemail the agent
 * hangs up at once (https://docs.retellai.com/build/handle-voicemail), so nothing is left and the
 * analysis reports only that a voicemail was reached. Other scenarios are unchanged.
 */
export function hangUpOnVoicemail(scenario: Scenario): Scenario {
  if (scenario.reached !== 'voicemail') return scenario;
  return {
    ...scenario,
    name: `${scenario.name} (hung up on the voicemail)`,
    labels: [],
    transcript: '',
    summary: 'Reached voicemail and hung up without a message.',
  };
}

const MIX: Scenario[] = [
  MAGIC_NUMBERS['0102'],
  MAGIC_NUMBERS['0102'],
  MAGIC_NUMBERS['0102'],
  MAGIC_NUMBERS['0102'],
  MAGIC_NUMBERS['0101'],
  MAGIC_NUMBERS['0101'],
  MAGIC_NUMBERS['0101'],
  { ...LIVE_TRANSFER, name: 'live-conversation', disconnectionReason: 'user_hangup', transfers: [] },
  { ...LIVE_TRANSFER, name: 'live-conversation', disconnectionReason: 'user_hangup', transfers: [] },
  LIVE_TRANSFER,
];

/** The scenario of a dialed number: a magic number's, else a mix seeded by the number (the same number always behaves the same). */
export function scenarioFor(toNumber: string): Scenario {
  const magic = /5550(1\d\d)$/.exec(toNumber.replace(/\D/g, ''));
  const own = magic ? MAGIC_NUMBERS[`0${magic[1]}`] : undefined;
  if (own) return own;
  const seed = createHash('sha256').update(toNumber).digest().readUInt32BE(0);
  return MIX[seed % MIX.length];
}
