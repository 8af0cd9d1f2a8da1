import type { Knex as Db } from 'knex';

/**
 * SQL of the embedded durable queue (the `job_queue` table, used on SQLite). It is infrastructure,
 * not tenant data, so these functions take no company id; the messages carry it.
 * All times are epoch milliseconds of the process clock.
 */
export interface QueueMessageRow {
  id: string;
  queue: string;
  data: unknown;
  attempts: number;
  maxAttempts: number;
}

export interface NewQueueMessage {
  id: string;
  queue: string;
  data: unknown;
  maxAttempts: number;
  retryDelayMs: number;
  timeoutMs: number;
}

export async function insertQueueMessages(trx: Db, messages: NewQueueMessage[], nowMs: number): Promise<void> {
  const rows = messages.map((m) => ({
    id: m.id,
    queue: m.queue,
    data: JSON.stringify(m.data),
    state: 'queued',
    attempts: 0,
    max_attempts: m.maxAttempts,
    retry_delay_ms: m.retryDelayMs,
    timeout_ms: m.timeoutMs,
    run_at: nowMs,
    created_at: nowMs,
  }));
  for (let i = 0; i < rows.length; i += 500) await trx('job_queue').insert(rows.slice(i, i + 500));
}

/**
 * Claims due messages in one statement: queued ones whose time has come, and active ones whose
 * holder let the lock lapse (a crashed worker). Each claim counts as an attempt.
 */
export async function claimQueueMessages(
  db: Db,
  queue: string,
  limit: number,
  nowMs: number,
): Promise<QueueMessageRow[]> {
  const due = db('job_queue')
    .select('id')
    .where('queue', queue)
    // Knex ignores what a grouping callback returns; block bodies, so no builder (a thenable) is returned.
    .andWhere((q) => {
      q.where((w) => {
        w.where('state', 'queued').andWhere('run_at', '<=', nowMs);
      }).orWhere((w) => {
        w.where('state', 'active').andWhere('locked_until', '<', nowMs);
      });
    })
    .orderBy([{ column: 'run_at' }, { column: 'created_at' }, { column: 'id' }])
    .limit(limit);
  const rows = await db('job_queue')
    .whereIn('id', due)
    .update({ state: 'active', attempts: db.raw('attempts + 1'), locked_until: db.raw('? + timeout_ms', [nowMs]) })
    .returning(['id', 'queue', 'data', 'attempts', 'max_attempts']);
  return (rows as Record<string, unknown>[]).map((r) => ({
    id: String(r.id),
    queue: String(r.queue),
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as unknown) : r.data, // SQLite keeps JSON as text
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
  }));
}

export async function deleteQueueMessages(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db('job_queue').whereIn('id', ids).delete();
}

/** Retry timing of a message: its delay base and attempts so far. */
export async function getQueueMessageRetry(
  db: Db,
  id: string,
): Promise<{ attempts: number; maxAttempts: number; retryDelayMs: number } | null> {
  const r = await db<{ id: string; attempts: number; max_attempts: number; retry_delay_ms: number }>('job_queue')
    .where({ id })
    .first('attempts', 'max_attempts', 'retry_delay_ms');
  return r
    ? { attempts: Number(r.attempts), maxAttempts: Number(r.max_attempts), retryDelayMs: Number(r.retry_delay_ms) }
    : null;
}

/** Puts a message back in line at `runAt` (a retry), or keeps it as failed when `runAt` is null. */
export async function rescheduleQueueMessage(db: Db, id: string, runAt: number | null, error: string): Promise<void> {
  await db('job_queue')
    .where({ id, state: 'active' })
    .update(
      runAt === null
        ? { state: 'failed', locked_until: null, last_error: error }
        : { state: 'queued', run_at: runAt, locked_until: null, last_error: error },
    );
}

/** Gives a claimed message back without counting the attempt (graceful shutdown). */
export async function releaseQueueMessage(db: Db, id: string, nowMs: number): Promise<void> {
  await db('job_queue')
    .where({ id, state: 'active' })
    .update({
      state: 'queued',
      run_at: nowMs,
      locked_until: null,
      attempts: db.raw('CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END'),
    });
}

/** Queued and running messages per queue, and the age of the oldest (epoch ms clock). */
export async function queueStats(
  db: Db,
  nowMs: number,
): Promise<{ queue: string; depth: number; oldestAgeSeconds: number }[]> {
  const rows: Record<string, unknown>[] = await db('job_queue')
    .whereIn('state', ['queued', 'active'])
    .groupBy('queue')
    .select('queue')
    .count({ depth: '*' })
    .min({ oldest: 'created_at' });
  return rows.map((r) => ({
    queue: String(r.queue),
    depth: Number(r.depth),
    oldestAgeSeconds: Math.max(0, (nowMs - Number(r.oldest)) / 1000),
  }));
}

/** pg-boss 10's job table: messages created, retrying or active per queue, and the oldest one's age. */
export async function pgBossQueueStats(
  db: Db,
  schema: string,
): Promise<{ queue: string; depth: number; oldestAgeSeconds: number }[]> {
  const result = await db.raw<{ rows: Record<string, unknown>[] }>(
    `SELECT name, count(*) AS depth, extract(epoch FROM now() - min(created_on)) AS age FROM ??.job WHERE state IN ('created', 'retry', 'active') GROUP BY name`,
    [schema],
  );
  return result.rows.map((r) => ({
    queue: String(r.name),
    depth: Number(r.depth),
    oldestAgeSeconds: Math.max(0, Number(r.age)),
  }));
}

/** Postgres: the schema unqualified names resolve to (tests run each file in its own schema). */
export async function currentPgSchema(db: Db): Promise<string> {
  const result = await db.raw<{ rows: Array<{ s: string }> }>('select current_schema() as s');
  return String(result.rows[0].s);
}
