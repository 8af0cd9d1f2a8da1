import type Retell from 'retell-sdk';
import type { AgentSetup } from '../../domain/ports/voice-provider.js';
import { OUTCOME_LABELS } from './outcome-labels.js';

type AnalysisField = NonNullable<Retell.AgentResponse['post_call_analysis_data']>[number];

/**
 * What must change on a Retell agent for the service to read its calls: each outcome label a
 * boolean post-call analysis field with the service's description (fields the lender added are
 * kept), and, when given, the voicemail left as static text. Returns the differences by name and
 * the update that removes them (`PATCH /update-agent/{agent_id}`).
 */
export function agentChanges(
  agent: Retell.AgentResponse,
  setup: AgentSetup,
): { differences: string[]; update: Retell.AgentUpdateParams } {
  const current = agent.post_call_analysis_data ?? [];
  const differences: string[] = [];
  for (const label of OUTCOME_LABELS) {
    const field = current.find((f) => f.name === label.name);
    if (!field || field.type !== 'boolean' || field.description !== label.description)
      differences.push(`post_call_analysis_data.${label.name}`);
  }
  const wanted: AnalysisField[] = OUTCOME_LABELS.map((l) => ({
    type: 'boolean',
    name: l.name,
    description: l.description,
  }));
  const labelNames = new Set<string>(OUTCOME_LABELS.map((l) => l.name));
  const update: Retell.AgentUpdateParams = {};
  if (differences.length)
    update.post_call_analysis_data = [...current.filter((f) => !labelNames.has(f.name)), ...wanted];
  if (setup.voicemailMessage !== null) {
    const action = agent.voicemail_option?.action;
    if (action?.type !== 'static_text' || action.text !== setup.voicemailMessage) {
      differences.push('voicemail_option');
      update.voicemail_option = { action: { type: 'static_text', text: setup.voicemailMessage } };
    }
  }
  return { differences, update };
}
