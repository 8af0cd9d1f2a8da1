import type { WireCall } from './protocol.js';

/**
 * Provider outcome → the contract's call flags. One row per provider fact; a call's flags are the
 * flags of every row that holds, in table order, without repeats. Each row has a test.
 */
export const OUTCOME_FLAG_ROWS: ReadonlyArray<{ outcome: string; holds: (call: WireCall) => boolean; flags: readonly string[] }> = [
  { outcome: 'disconnection_reason dial_no_answer or dial_busy', holds: (c) => ['dial_no_answer', 'dial_busy'].includes(c.disconnection_reason ?? ''), flags: ['NO_ANSWER'] },
  { outcome: 'answered by a machine (voicemail)', holds: (c) => c.answered_by === 'machine' || c.call_analysis?.in_voicemail === true, flags: ['VOICEMAIL'] },
  { outcome: 'label voicemail_message_left', holds: (c) => label(c, 'voicemail_message_left'), flags: ['VOICEMAIL_CONNECT', 'MESSAGE_LEFT'] },
  { outcome: 'answered by a human', holds: (c) => c.answered_by === 'human', flags: ['CONNECT'] },
  { outcome: 'label live_conversation', holds: (c) => label(c, 'live_conversation'), flags: ['LIVE_CONNECT'] },
  { outcome: 'label right_party_contact', holds: (c) => label(c, 'right_party_contact'), flags: ['RPC'] },
  { outcome: 'disconnection_reason call_transfer', holds: (c) => c.disconnection_reason === 'call_transfer', flags: ['SUCCESSFUL_TRANSFER'] },
  { outcome: 'label transfer_failed', holds: (c) => label(c, 'transfer_failed'), flags: ['TRANSFER_FAILED'] },
  { outcome: 'label wrong_number', holds: (c) => label(c, 'wrong_number'), flags: ['WRONG_NUMBER'] },
  { outcome: 'label do_not_call', holds: (c) => label(c, 'do_not_call'), flags: ['DNC'] },
  { outcome: 'label attorney_representation', holds: (c) => label(c, 'attorney_representation'), flags: ['ATTORNEY_REP'] },
  { outcome: 'label bankruptcy', holds: (c) => label(c, 'bankruptcy'), flags: ['BANKRUPTCY'] },
  { outcome: 'label deceased', holds: (c) => label(c, 'deceased'), flags: ['DECEASED'] },
  { outcome: 'label callback_request', holds: (c) => label(c, 'callback_request'), flags: ['CALLBACK_REQUEST'] },
];

export function flagsOf(call: WireCall): string[] {
  const flags: string[] = [];
  for (const row of OUTCOME_FLAG_ROWS) {
    if (!row.holds(call)) continue;
    for (const f of row.flags) if (!flags.includes(f)) flags.push(f);
  }
  return flags;
}

function label(call: WireCall, name: string): boolean {
  return call.call_analysis?.custom_analysis_data.outcome_labels.includes(name) ?? false;
}
