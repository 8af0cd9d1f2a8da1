import { randomBytes } from 'node:crypto';
import type Retell from 'retell-sdk';

export interface Agents {
  /** Creates an agent; Retell assigns its id (`agent_…`) and it starts as draft version 0. */
  create(params: Retell.AgentCreateParams): Retell.AgentResponse;
  /** The agent's latest version, or the given one; undefined for an unknown agent or version. */
  get(agentId: string, version?: number): Retell.AgentResponse | undefined;
  /** Changes the latest draft (a published latest version first gets a new draft on top of it). */
  update(agentId: string, change: Retell.AgentUpdateParams): Retell.AgentResponse | undefined;
  /** Publishes a draft version in place. */
  publish(agentId: string, version: number): 'published' | 'no_agent' | 'no_version' | 'already_published';
}

const AGENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One account's agents, as Retell keeps them (https://docs.retellai.com/agent/version): ids assigned
 * by `POST /create-agent`, a linear history of versions where published ones never change, an
 * update (`PATCH /update-agent/{id}`, "update the latest draft version") that edits the latest
 * draft or, when the latest is published, starts a new draft above it, and `POST
 * /publish-agent-version/{id}` that publishes one draft in place.
 *
 * `catalog`: the sandbox account (the simulator's default) owns an agent under every well-formed
 * id, born published at version 0 with a bare setup (no post-call analysis fields, hang up on
 * voicemail), so the demo, the magic numbers and the partner contract dial `agent-<taskType>`
 * with nothing configured. Any other account knows only the agents created in it.
 */
export function simulatedAgents(now: () => Date, opts: { catalog: boolean }): Agents {
  const agents = new Map<string, Retell.AgentResponse[]>();
  const born = (agentId: string, fields: Partial<Retell.AgentResponse>, published: boolean): Retell.AgentResponse => ({
    agent_id: agentId,
    agent_name: agentId,
    version: 0,
    is_published: published,
    voice_id: '11labs-Adrian',
    last_modification_timestamp: now().getTime(),
    response_engine: { type: 'retell-llm', llm_id: `llm_${agentId}` },
    voicemail_option: { action: { type: 'hangup' } },
    ...fields,
  });
  const versionsOf = (agentId: string) => {
    let versions = agents.get(agentId);
    if (!versions && opts.catalog && AGENT_ID.test(agentId)) {
      versions = [born(agentId, {}, true)];
      agents.set(agentId, versions);
    }
    return versions;
  };
  return {
    create(params) {
      const agentId = `agent_${randomBytes(16).toString('hex')}`;
      agents.set(agentId, [born(agentId, params, false)]);
      return agents.get(agentId)![0];
    },
    get(agentId, version) {
      const versions = versionsOf(agentId);
      if (!versions) return undefined;
      return version === undefined ? versions.at(-1) : versions.find((v) => v.version === version);
    },
    update(agentId, change) {
      const versions = versionsOf(agentId);
      if (!versions) return undefined;
      const { version: _version, ...fields } = change;
      const latest = versions.at(-1)!;
      const next: Retell.AgentResponse = {
        ...latest,
        ...(fields as Partial<Retell.AgentResponse>),
        version: latest.is_published ? latest.version + 1 : latest.version,
        is_published: false,
        last_modification_timestamp: now().getTime(),
      };
      if (latest.is_published) versions.push(next);
      else versions[versions.length - 1] = next;
      return next;
    },
    publish(agentId, version) {
      const versions = versionsOf(agentId);
      if (!versions) return 'no_agent';
      const i = versions.findIndex((v) => v.version === version);
      if (i < 0) return 'no_version';
      if (versions[i].is_published) return 'already_published';
      versions[i] = { ...versions[i], is_published: true };
      return 'published';
    },
  };
}
