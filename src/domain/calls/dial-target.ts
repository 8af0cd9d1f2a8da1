import { createHash } from 'node:crypto';
import type { CompanyConfig } from '../shared/company-config.js';
import { companyDefaultLanguage } from '../shared/language.js';

/** The sandbox's agent of a task type: the simulator's default account owns one under this id (src/simulators/voice/agents.ts). */
export const sandboxAgentOf = (taskType: string) => `agent-${taskType}`;

/** How long a call that cannot be placed for want of configuration waits before it is tried again. */
export const CONFIGURATION_RETRY_MS = 15 * 60_000;

/**
 * The provider-issued agent of a task type for a customer's language (a BCP 47 tag; the texts/LMS
 * issue gives customers one): that language's entry, else its primary subtag's (`es` for `es-MX`),
 * else the company's default language's; a single id serves every language. Null when the company
 * configured none: such calls are not placed live (no agent id is ever invented).
 */
export function agentFor(
  config: CompanyConfig,
  taskType: string,
  language?: string | null,
): { agentId: string; language: string } | null {
  const entry = config.calls?.agents?.[taskType];
  const fallback = companyDefaultLanguage(config);
  if (entry === undefined) return null;
  if (typeof entry === 'string') return { agentId: entry, language: fallback };
  for (const tag of [language, language?.split('-')[0], fallback]) {
    if (tag && entry[tag]) return { agentId: entry[tag], language: tag };
  }
  return null;
}

/** Every (task type, language) a company's calls may use, with its agent or null: what the readiness check and setup walk. */
export function agentsOfCompany(
  config: CompanyConfig,
): Array<{ taskType: string; language: string; agentId: string | null; collections: boolean }> {
  const fallback = companyDefaultLanguage(config);
  return config.taskTypes.flatMap((t) => {
    const entry = config.calls?.agents?.[t.name];
    const collections = t.purpose === 'collections';
    if (entry === undefined || typeof entry === 'string')
      return [{ taskType: t.name, language: fallback, agentId: entry ?? null, collections }];
    const languages = [...new Set([fallback, ...Object.keys(entry)])];
    return languages.map((language) => ({
      taskType: t.name,
      language,
      agentId: agentFor(config, t.name, language)?.agentId ?? null,
      collections,
    }));
  });
}

/**
 * The caller id of a live call (docs/operators/voice-provider.md#caller-ids): among the company's
 * `calls.callerIds`, those listed for the customer's state, else those sharing the called number's
 * area code, else all; then rotated by the scheduled call and its attempt, so a company's calls
 * spread over its numbers and a redial of the same call uses the next one. Null when the company
 * lists none.
 */
export function callerIdFor(
  config: CompanyConfig,
  call: { id: string; dialAttempts: number; phoneNumber: string },
  customerState: string | null,
): string | null {
  const ids = config.calls?.callerIds ?? [];
  if (ids.length === 0) return null;
  const state = customerState?.toUpperCase();
  const byState = state ? ids.filter((c) => c.states?.includes(state)) : [];
  const areaOf = (n: string) => (/^\+1(\d{3})\d{7}$/.exec(n) ?? [])[1];
  const area = areaOf(call.phoneNumber);
  const byArea = area ? ids.filter((c) => areaOf(c.number) === area) : [];
  const pool = byState.length ? byState : byArea.length ? byArea : ids;
  const seed = createHash('sha256').update(call.id).digest().readUInt32BE(0);
  return pool[(seed + Math.max(0, call.dialAttempts - 1)) % pool.length].number;
}

/** What a call is placed with, or why it cannot be placed (the company's configuration is missing something). */
export type DialTarget = { agent: string; agentVersion?: number; from: string } | { notReady: string };

/**
 * The agent, its pinned version and the caller id of one call.
 * - On a live account (a real provider: the company's own or the operator's): the agent must be
 *   one the company configured, and published by `outreach voice agents` (its version recorded);
 *   the caller id one of the company's, or, for a company dialing through the operator's account
 *   and listing none, the operator's number. A company with its own account never uses the
 *   operator's number (Retell places a call only from a number of the account:
 *   https://docs.retellai.com/api-references/create-phone-call).
 * - On the simulator (test customers; every call when no provider is configured): the configured
 *   agent, else the sandbox's `agent-<taskType>`, no version pinned (the simulator's agents live in
 *   its memory, so a recorded version may belong to an earlier simulator process); the
 *   company's caller id, else the operator's number (the sandbox account owns every number).
 */
export function dialTargetOf(input: {
  config: CompanyConfig;
  call: { id: string; taskType: string; dialAttempts: number; phoneNumber: string };
  customer: { state: string | null; language?: string | null };
  /** The provider is the simulator (sandbox, or `live` with no provider configured). */
  simulated: boolean;
  /** The company dials through its own account (`calls.provider`). */
  ownAccount: boolean;
  operatorNumber: string;
  /** Published versions recorded for the company's agents, by agent id. */
  versionOf: (agentId: string) => number | undefined;
}): DialTarget {
  const { config, call, customer } = input;
  const configured = agentFor(config, call.taskType, customer.language);
  const callerId = callerIdFor(config, call, customer.state);
  if (input.simulated) {
    // A test customer of a company with its own account reaches the sandbox, which has the sandbox's agents only.
    // No version is pinned: the simulator keeps agents in memory, so a version recorded against an
    // earlier simulator process may not exist in this one; its agents are the ones it has now.
    return {
      agent: configured && !input.ownAccount ? configured.agentId : sandboxAgentOf(call.taskType),
      from: input.ownAccount ? input.operatorNumber : (callerId ?? input.operatorNumber),
    };
  }
  const language = customer.language ?? companyDefaultLanguage(config);
  if (!configured)
    return {
      notReady: `no provider agent is configured for task type ${call.taskType} (language ${language}): set calls.agents.${call.taskType} to the agent id Retell issued, then run \`outreach voice agents\``,
    };
  const version = input.versionOf(configured.agentId);
  if (version === undefined)
    return {
      notReady: `agent ${configured.agentId} (task type ${call.taskType}, language ${configured.language}) has no published version recorded: run \`outreach voice agents --company <id>\``,
    };
  if (!callerId && input.ownAccount)
    return {
      notReady:
        "no caller id is configured for the company's own voice account: set calls.callerIds to numbers of that account",
    };
  return { agent: configured.agentId, agentVersion: version, from: callerId ?? input.operatorNumber };
}
