import type { Db } from '../shared/db.js';
import { readInstant, readText } from '../shared/columns.js';

export interface ConsoleAuditRow {
  id: string;
  userId: string;
  email: string;
  action: string;
  target: string | null;
  status: number | null;
  at: string;
}

export async function insertConsoleAudit(db: Db, companyId: string, row: ConsoleAuditRow): Promise<void> {
  await db('console_audit').insert({
    id: row.id,
    company_id: companyId,
    user_id: row.userId,
    email: row.email,
    action: row.action,
    target: row.target?.slice(0, 500) ?? null,
    status: row.status,
    at: row.at,
  });
}

/** A company's console actions, newest first. */
export async function listConsoleAudit(db: Db, companyId: string, limit: number): Promise<ConsoleAuditRow[]> {
  const rows = await db<Record<string, unknown>>('console_audit')
    .where({ company_id: companyId })
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  return rows.map((r) => ({
    id: String(r.id),
    userId: String(r.user_id),
    email: String(r.email),
    action: String(r.action),
    target: readText(r.target),
    status: r.status === null ? null : Number(r.status),
    at: readInstant(r.at)!,
  }));
}
