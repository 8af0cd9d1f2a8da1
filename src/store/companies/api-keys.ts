import type { Db } from '../shared/db.js';
import { fromJson, readInstant } from '../shared/columns.js';

export interface ApiKeyRow {
  id: string;
  companyId: string;
  keyHash: string;
  keyPrefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db('api_keys').insert({
    id: row.id,
    company_id: row.companyId,
    key_hash: row.keyHash,
    key_prefix: row.keyPrefix,
    created_at: row.createdAt,
    revoked_at: row.revokedAt,
  });
}

/**
 * The live (unrevoked) key with this hash and its company's configuration, in one query: this runs
 * on every request. It is the one query not scoped by company, because it is what finds the company.
 */
export async function findActiveKeyByHash(
  db: Db,
  keyHash: string,
): Promise<{ companyId: string; keyHash: string; config: unknown } | null> {
  const r = await db('api_keys')
    .join('companies', 'companies.id', 'api_keys.company_id')
    .select('api_keys.company_id', 'api_keys.key_hash', 'companies.config')
    .where('api_keys.key_hash', keyHash)
    .whereNull('api_keys.revoked_at')
    .first<Record<string, unknown> | undefined>();
  return r
    ? { companyId: String(r.company_id), keyHash: String(r.key_hash), config: fromJson<unknown>(r.config) }
    : null;
}

/** Revokes a key by id or by its display prefix; returns how many keys were revoked. */
export async function revokeApiKey(db: Db, companyId: string, idOrPrefix: string, revokedAt: string): Promise<number> {
  return db('api_keys')
    .where({ company_id: companyId })
    .andWhere((q) => {
      // Narrows the builder in place; it is not a query of its own to await.
      void q.where({ id: idOrPrefix }).orWhere({ key_prefix: idOrPrefix });
    })
    .whereNull('revoked_at')
    .update({ revoked_at: revokedAt });
}

/** A company's keys, oldest first, without their hashes. */
export async function listApiKeys(
  db: Db,
  companyId: string,
): Promise<{ id: string; prefix: string; createdAt: string; revokedAt: string | null }[]> {
  const rows = await db<Record<string, unknown>>('api_keys')
    .where({ company_id: companyId })
    .select('id', 'key_prefix', 'created_at', 'revoked_at')
    .orderBy('created_at');
  return rows.map((r) => ({
    id: String(r.id),
    prefix: String(r.key_prefix),
    createdAt: readInstant(r.created_at)!,
    revokedAt: readInstant(r.revoked_at),
  }));
}

/** Each company's number of unrevoked keys (companies without one are absent). */
export async function activeKeyCounts(db: Db): Promise<Map<string, number>> {
  const rows: Array<{ company_id: unknown; keys: unknown }> = await db('api_keys')
    .whereNull('revoked_at')
    .groupBy('company_id')
    .select('company_id')
    .count({ keys: 'id' });
  return new Map(rows.map((r) => [String(r.company_id), Number(r.keys)]));
}
