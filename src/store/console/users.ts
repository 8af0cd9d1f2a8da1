import type { Db } from '../shared/db.js';
import { readInstant } from '../shared/columns.js';

export type ConsoleRole = 'viewer' | 'operator';

export interface ConsoleUserRow {
  id: string;
  companyId: string;
  email: string;
  role: ConsoleRole;
  passwordHash: string;
  createdAt: string;
}

export async function insertConsoleUser(
  db: Db,
  companyId: string,
  row: Omit<ConsoleUserRow, 'companyId'>,
): Promise<void> {
  await db('console_users').insert({
    id: row.id,
    company_id: companyId,
    email: row.email,
    role: row.role,
    password_hash: row.passwordHash,
    created_at: row.createdAt,
  });
}

/**
 * The user signing in with this email, whatever its company: like an API key lookup, it is what
 * finds the company, so it is the one console query not scoped by company.
 */
export async function findConsoleUserByEmail(db: Db, email: string): Promise<ConsoleUserRow | null> {
  const r = await db<Record<string, unknown>>('console_users').where({ email }).first();
  return r ? toUser(r) : null;
}

export async function findConsoleUser(db: Db, companyId: string, userId: string): Promise<ConsoleUserRow | null> {
  const r = await db<Record<string, unknown>>('console_users').where({ company_id: companyId, id: userId }).first();
  return r ? toUser(r) : null;
}

function toUser(r: Record<string, unknown>): ConsoleUserRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    email: String(r.email),
    role: r.role as ConsoleRole,
    passwordHash: String(r.password_hash),
    createdAt: readInstant(r.created_at)!,
  };
}
