import { type CompanyConfig, findCompany } from '../shared/company-config.js';
import { NotFoundError, UnprocessableError } from '../shared/errors.js';
import type { Db } from '../../store/shared/db.js';
import type { AgentDrift, VoiceProvider } from '../ports/voice-provider.js';
import { agentOf } from './call-services.js';
import { limitedContentMessage, limitedContentProblems } from './limited-content.js';

/** One agent of a company: the task types dialing with it and what differed from the service's setup. */
export interface AgentReport extends AgentDrift {
  taskTypes: string[];
  /** The voicemail it leaves (collections agents), or null when left as the lender set it. */
  voicemail: string | null;
}

/**
 * `outreach voice agents`: brings each agent the company dials with (on its own provider account
 * when it has one, `providerOf`) to the setup the service
 * needs (the post-call analysis fields its outcome table reads; for an agent of a collections
 * task type, the Reg F limited-content voicemail composed from `calls.voicemail`), or with `check`
 * only reports the drift. Refused before any change when the voicemail settings break the rule.
 */
export async function setUpVoiceAgents(
  db: Db,
  providerOf: (companyId: string, config: CompanyConfig) => VoiceProvider,
  companyId: string,
  opts: { check: boolean },
): Promise<AgentReport[]> {
  const company = await findCompany(db, companyId);
  if (!company) throw new NotFoundError(`Company ${companyId} not found`);
  const config = company.config;
  const provider = providerOf(companyId, config);
  const agents = new Map<string, { taskTypes: string[]; collections: boolean }>();
  for (const t of config.taskTypes) {
    const id = agentOf(config, t.name);
    const entry = agents.get(id) ?? { taskTypes: [], collections: false };
    entry.taskTypes.push(t.name);
    entry.collections ||= t.purpose === 'collections';
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
    reports.push({
      ...(await provider.ensureAgent(agentId, { voicemailMessage: voicemail }, opts)),
      taskTypes: a.taskTypes,
      voicemail,
    });
  }
  return reports;
}
