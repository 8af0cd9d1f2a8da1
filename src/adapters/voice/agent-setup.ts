import type Retell from 'retell-sdk';
import type { AgentSetup } from '../../domain/ports/voice-provider.js';
import { OUTCOME_LABELS, OUTCOME_VALUES } from './outcome-labels.js';

type AnalysisField = NonNullable<Retell.AgentResponse['post_call_analysis_data']>[number];

/**
 * The post-call analysis fields the service reads: each outcome label as a boolean, and the values
 * (callback time, promise amount and date) with their own types (outcome-labels.ts).
 */
const ANALYSIS_FIELDS: AnalysisField[] = [
  ...OUTCOME_LABELS.map((l): AnalysisField => ({ type: 'boolean', name: l.name, description: l.description })),
  ...OUTCOME_VALUES.map((v): AnalysisField => ({ type: v.type, name: v.name, description: v.description })),
];

/**
 * What must change on a Retell agent for the service to read its calls: each analysis field the
 * service reads, with its type and the service's description (fields the lender added are kept),
 * and, when given, the voicemail left as static text. Returns the differences by name and the
 * update that removes them (`PATCH /update-agent/{agent_id}`).
 */
export function agentChanges(
  agent: Retell.AgentResponse,
  setup: AgentSetup,
): { differences: string[]; update: Retell.AgentUpdateParams } {
  const current = agent.post_call_analysis_data ?? [];
  const differences: string[] = [];
  for (const wanted of ANALYSIS_FIELDS) {
    const field = current.find((f) => f.name === wanted.name);
    if (!field || field.type !== wanted.type || field.description !== wanted.description)
      differences.push(`post_call_analysis_data.${wanted.name}`);
  }
  const ours = new Set<string>(ANALYSIS_FIELDS.map((f) => f.name));
  const update: Retell.AgentUpdateParams = {};
  if (differences.length)
    update.post_call_analysis_data = [...current.filter((f) => !ours.has(f.name)), ...ANALYSIS_FIELDS];
  if (setup.voicemailMessage !== null) {
    const action = agent.voicemail_option?.action;
    if (action?.type !== 'static_text' || action.text !== setup.voicemailMessage) {
      differences.push('voicemail_option');
      update.voicemail_option = { action: { type: 'static_text', text: setup.voicemailMessage } };
    }
  }
  return { differences, update };
}
