import type Retell from 'retell-sdk';

export interface Agents {
  /** The agent, or undefined for an id that is not a valid agent id. */
  get(agentId: string): Retell.AgentResponse | undefined;
  update(agentId: string, change: Retell.AgentUpdateParams): Retell.AgentResponse | undefined;
}

const AGENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The simulator's agents (`GET /get-agent/{id}`, `PATCH /update-agent/{id}`, as
 * https://docs.retellai.com/api-references/get-agent and update-agent document them). A sandbox
 * has no agent console: any well-formed agent id exists, born with a bare setup (no post-call
 * analysis fields, hang up on voicemail) that `outreach voice agents` then brings to the service's.
 * An update replaces the fields it names and bumps the version.
 */
export function simulatedAgents(now: () => Date): Agents {
  const agents = new Map<string, Retell.AgentResponse>();
  const get = (agentId: string) => {
    if (!AGENT_ID.test(agentId)) return undefined;
    let agent = agents.get(agentId);
    if (!agent) {
      agent = {
        agent_id: agentId,
        agent_name: agentId,
        version: 0,
        voice_id: '11labs-Adrian',
        last_modification_timestamp: now().getTime(),
        response_engine: { type: 'retell-llm', llm_id: `llm_${agentId}` },
        voicemail_option: { action: { type: 'hangup' } },
      };
      agents.set(agentId, agent);
    }
    return agent;
  };
  return {
    get,
    update(agentId, change) {
      const agent = get(agentId);
      if (!agent) return undefined;
      const { version: _version, ...fields } = change;
      const next = { ...agent, ...fields, version: agent.version + 1, last_modification_timestamp: now().getTime() };
      agents.set(agentId, next);
      return next;
    },
  };
}
