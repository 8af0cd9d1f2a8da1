import type { Db } from '../shared/db.js';
import { readInstant } from '../shared/columns.js';
import type { ConsoleRole } from './users.js';

export interface ConsoleSessionRow {
  id: string;
  companyId: string;
  userId: string;
  email: string;
  role: ConsoleRole;
  lastSeenAt: string;
  expiresAt: string;
}

export async function insertConsoleSession(
  db: Db,
  companyId: string,
  row: { id: string; userId: string; tokenHash: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db('console_sessions').insert({
    id: row.id,
    company_id: companyId,
    user_id: row.userId,
    token_hash: row.tokenHash,
    created_at: row.createdAt,
    last_seen_at: row.createdAt,
    expires_at: row.expiresAt,
    revoked_at: null,
  });
}

/** The live session with this token hash and its user; like an API key, it is what finds the company. */
export async function findLiveSessionByHash(db: Db, tokenHash: string): Promise<ConsoleSessionRow | null> {
  const r = (await db('console_sessions as s')
    .join('console_users as u', 'u.id', 's.user_id')
    .select('s.id', 's.company_id', 's.user_id', 's.last_seen_at', 's.expires_at', 'u.email', 'u.role')
    .where('s.token_hash', tokenHash)
    .whereNull('s.revoked_at')
    .first()) as Record<string, unknown> | undefined;
  if (!r) return null;
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    userId: String(r.user_id),
    email: String(r.email),
    role: r.role as ConsoleRole,
    lastSeenAt: readInstant(r.last_seen_at)!,
    expiresAt: readInstant(r.expires_at)!,
  };
}

export async function touchConsoleSession(db: Db, companyId: string, sessionId: string, at: string): Promise<void> {
  await db('console_sessions').where({ company_id: companyId, id: sessionId }).update({ last_seen_at: at });
}

export async function revokeConsoleSession(db: Db, companyId: string, sessionId: string, at: string): Promise<void> {
  await db('console_sessions')
    .where({ company_id: companyId, id: sessionId })
    .whereNull('revoked_at')
    .update({ revoked_at: at });
}

/** Ends every live session of a user; returns how many. */
export async function revokeUserSessions(db: Db, companyId: string, userId: string, at: string): Promise<number> {
  return db('console_sessions')
    .where({ company_id: companyId, user_id: userId })
    .whereNull('revoked_at')
    .update({ revoked_at: at });
}
