import { insertConsoleAudit, listConsoleAudit, type ConsoleAuditRow } from '../../store/console/audit.js';
import type { Db } from '../shared/context.js';
import { newId } from '../shared/ids.js';

export type { ConsoleAuditRow };

export interface ConsoleActor {
  companyId: string;
  userId: string;
  email: string;
}

/** Records one console action: who (user and email), what (action and target), when, and how it ended (status). */
export async function recordConsoleAction(
  db: Db,
  actor: ConsoleActor,
  action: string,
  target: string | null,
  status: number | null,
  now: Date,
): Promise<void> {
  await insertConsoleAudit(db, actor.companyId, {
    id: newId(),
    userId: actor.userId,
    email: actor.email,
    action,
    target,
    status,
    at: now.toISOString(),
  });
}

export function consoleActions(db: Db, companyId: string, limit = 100): Promise<ConsoleAuditRow[]> {
  return listConsoleAudit(db, companyId, limit);
}
