import type { Db } from '../shared/db.js';
import { fromJson, readInstant, readText } from '../shared/columns.js';

/**
 * The console's read model of a day: reads of the calls, scheduled calls and messages tables, kept
 * here because only the console's Today page asks these questions (the writers stay in their stores).
 */
export async function callsPlacedBetween(
  db: Db,
  companyId: string,
  from: string,
  to: string,
): Promise<{ timestamp: string; state: string; flags: string[] }[]> {
  const rows = await db<Record<string, unknown>>('calls')
    .where({ company_id: companyId })
    .where('timestamp', '>=', from)
    .where('timestamp', '<', to)
    .select('timestamp', 'state', 'flags');
  return rows.map((r) => ({
    timestamp: readInstant(r.timestamp)!,
    state: String(r.state),
    flags: fromJson<string[]>(r.flags) ?? [],
  }));
}

/** Calls due in the window that did not go: their status and stored reason. */
export async function callsEndedUnplacedBetween(
  db: Db,
  companyId: string,
  from: string,
  to: string,
): Promise<{ status: string; statusReason: string | null }[]> {
  const rows = await db<Record<string, unknown>>('scheduled_calls')
    .where({ company_id: companyId })
    .whereIn('status', ['skipped', 'cancelled', 'failed'])
    .where('scheduled_time', '>=', from)
    .where('scheduled_time', '<', to)
    .select('status', 'status_reason');
  return rows.map((r) => ({ status: String(r.status), statusReason: readText(r.status_reason) }));
}

export async function messagesSentBetween(
  db: Db,
  companyId: string,
  from: string,
  to: string,
): Promise<{ channel: string; sent: number }[]> {
  const rows = await db('scheduled_messages')
    .where({ company_id: companyId })
    .whereNotNull('sent_at')
    .where('sent_at', '>=', from)
    .where('sent_at', '<', to)
    .groupBy('channel')
    .select<Array<{ channel: unknown; sent: unknown }>>('channel', db.raw('count(*) as sent'));
  return rows.map((r) => ({ channel: String(r.channel), sent: Number(r.sent) }));
}

export async function pendingCallsFrom(db: Db, companyId: string, from: string, limit: number) {
  const rows = await db<Record<string, unknown>>('scheduled_calls')
    .where({ company_id: companyId, status: 'pending' })
    .where('scheduled_time', '>=', from)
    .orderBy('scheduled_time')
    .limit(limit)
    .select('id', 'customer_id', 'scheduled_time', 'task_type');
  return rows.map((r) => ({
    scheduledCallId: String(r.id),
    customerId: String(r.customer_id),
    scheduledTime: readInstant(r.scheduled_time)!,
    taskType: String(r.task_type),
  }));
}
