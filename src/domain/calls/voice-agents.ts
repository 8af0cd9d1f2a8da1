import { type CompanyConfig, findCompany } from '../shared/company-config.js';
import { NotFoundError, UnprocessableError } from '../shared/errors.js';
import type { Db } from '../../store/shared/db.js';
import type { AgentDrift, VoiceProvider } from '../ports/voice-provider.js';
import { agentOf } from './call-services.js';
import { agentsOfCompany } from './dial-target.js';
import { getAgentVersions, recordAgentVersion } from '../../store/calls/agent-versions.js';
import { limitedContentMessage, limitedContentProblems } from './limited-content.js';

/** One agent of a company: the task types (and languages) dialing with it and what differed from the service's setup. */
export interface AgentReport extends AgentDrift {
  taskTypes: string[];
  languages: string[];
  /** The voicemail it leaves (collections agents), or null when left as the lender set it. */
  voicemail: string | null;
}

/** The published version each agent of the companies' calls pins, by `companyId/agentId`. */
export const publishedAgentVersions = (db: Db, companyIds: readonly string[]) => getAgentVersions(db, companyIds);

/**
 * `outreach voice agents`: brings each agent the company dials with (on its own provider account
 * when it has one, `providerOf`) to the setup the service needs (the post-call analysis fields its
 * outcome table reads, the callback time and promise fields among them; for an agent of a
 * collections task type, the Reg F limited-content voicemail composed from `calls.voicemail`),
 * publishes it (`agent.update` changes only the latest draft) and records the published version
 * the company's calls then pin (`override_agent_version`). With `check`, only reports the drift
 * and records nothing. Refused before any change when the voicemail settings break the rule.
 * `simulated`: the provider is the simulator, whose `agent-<taskType>` agents stand in for task
 * types without a configured agent; on a live account those are refused (no id is invented).
 */
export async function setUpVoiceAgents(
  db: Db,
  providerOf: (companyId: string, config: CompanyConfig) => VoiceProvider,
  companyId: string,
  opts: { check: boolean; simulated?: (provider: VoiceProvider) => boolean; now?: Date },
): Promise<AgentReport[]> {
  const company = await findCompany(db, companyId);
  if (!company) throw new NotFoundError(`Company ${companyId} not found`);
  const config = company.config;
  const provider = providerOf(companyId, config);
  const simulated = opts.simulated?.(provider) ?? false;
  const missing = agentsOfCompany(config).filter((a) => a.agentId === null);
  if (missing.length && !simulated)
    throw new UnprocessableError(
      `No provider agent is configured for ${missing.map((m) => `${m.taskType} (${m.language})`).join(', ')}: set calls.agents to the agent ids Retell issued (agent.create or the dashboard)`,
      'voice_agent_not_configured',
    );
  const agents = new Map<string, { taskTypes: string[]; languages: string[]; collections: boolean }>();
  for (const a of agentsOfCompany(config)) {
    const id = a.agentId ?? agentOf(config, a.taskType);
    const entry = agents.get(id) ?? { taskTypes: [], languages: [], collections: false };
    if (!entry.taskTypes.includes(a.taskType)) entry.taskTypes.push(a.taskType);
    if (!entry.languages.includes(a.language)) entry.languages.push(a.language);
    entry.collections ||= a.collections;
    agents.set(id, entry);
  }
  const settings = config.calls?.voicemail;
  const collections = [...agents.values()].some((a) => a.collections);
  if (collections && !settings)
    throw new UnprocessableError(
      'calls.voicemail (businessName, agentName, callbackNumber) is required: collections agents leave a limited-content voicemail',
      'voicemail_not_configured',
    );
  const problems = settings ? limitedContentProblems(settings) : [];
  if (problems.length)
    throw new UnprocessableError(
      `calls.voicemail cannot make a limited-content message: ${problems.join('; ')}`,
      'voicemail_not_limited_content',
    );
  const message = settings ? limitedContentMessage(settings) : null;
  const reports: AgentReport[] = [];
  for (const [agentId, a] of agents) {
    const voicemail = a.collections ? message : null;
    const drift = await provider.ensureAgent(agentId, { voicemailMessage: voicemail }, { check: opts.check });
    if (!opts.check && drift.publishedVersion !== null)
      await recordAgentVersion(db, {
        companyId,
        agentId,
        publishedVersion: drift.publishedVersion,
        publishedAt: (opts.now ?? new Date()).toISOString(),
      });
    reports.push({ ...drift, taskTypes: a.taskTypes, languages: a.languages, voicemail });
  }
  return reports;
}
