import type { Db } from '../shared/db.js';

/** Mirrors `voice_agent_versions`, camel-cased. */
export interface AgentVersionRow {
  companyId: string;
  agentId: string;
  publishedVersion: number;
  publishedAt: string;
}

/** Records the version of an agent that the company's calls now pin (replacing the previous one). */
export async function recordAgentVersion(db: Db, row: AgentVersionRow): Promise<void> {
  await db('voice_agent_versions')
    .insert({
      company_id: row.companyId,
      agent_id: row.agentId,
      published_version: row.publishedVersion,
      published_at: row.publishedAt,
    })
    .onConflict(['company_id', 'agent_id'])
    .merge(['published_version', 'published_at']);
}

/** The published version each agent of the companies pins, by `companyId/agentId`. */
export async function getAgentVersions(db: Db, companyIds: readonly string[]): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db<{ company_id: string; agent_id: string; published_version: number | string }>(
    'voice_agent_versions',
  )
    .whereIn('company_id', [...new Set(companyIds)])
    .select('company_id', 'agent_id', 'published_version');
  return new Map(rows.map((r) => [`${r.company_id}/${r.agent_id}`, Number(r.published_version)]));
}
