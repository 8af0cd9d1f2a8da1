import PgBoss from 'pg-boss';
import type { Logger } from '../../lib/logger.js';
import type { Knex as Db } from 'knex';
import { currentPgSchema, pgBossQueueStats } from './table-store.js';
import {
  type Claimed,
  type EnqueueOptions,
  type JobQueue,
  type QueueStats,
  WakeSignals,
  withIdleQueues,
} from '../../domain/ports/job-queue.js';
import { RECOVERY_DELIVERIES } from './recovery.js';

interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
interface KnexClientLike {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(conn: PgConnection): Promise<void>;
}

/** pg-boss runs its SQL through Knex's pool, so it needs no connection settings of its own. */
function poolExecutor(db: Db): PgBoss.Db {
  const client = db.client as unknown as KnexClientLike;
  return {
    async executeSql(text, values) {
      const conn = await client.acquireConnection();
      try {
        return await conn.query(text, values);
      } finally {
        await client.releaseConnection(conn);
      }
    },
  };
}

/**
 * Runs pg-boss SQL on the connection of a Knex transaction, so a send or an ack commits or rolls
 * back with the caller's work. (A transaction's client hands out its one connection.)
 */
function transactionExecutor(trx: Db): PgBoss.Db {
  const client = trx.client as unknown as KnexClientLike;
  return {
    async executeSql(text, values) {
      return (await client.acquireConnection()).query(text, values);
    },
  };
}

export interface PgBossQueueOptions {
  /** pg-boss schema; default `pgboss`, or `<schema>_boss` when the database runs in another schema (tests). */
  schema?: string;
  maintenanceSeconds: number;
  queues: string[];
  log: Logger;
}

/** The production adapter: pg-boss 10 (SKIP LOCKED claims, retries with backoff, expiry of lost messages). */
export class PgBossQueue implements JobQueue {
  readonly engine = 'pg-boss' as const;
  private boss: PgBoss | null = null;
  private schema: string | null = null;
  private readonly signals = new WakeSignals();

  constructor(
    private readonly db: Db,
    private readonly opts: PgBossQueueOptions,
  ) {}

  async start({ supervise }: { supervise: boolean }): Promise<void> {
    const current = await currentPgSchema(this.db);
    const schema = this.opts.schema ?? (current === 'public' ? 'pgboss' : `${current}_boss`);
    const boss = new PgBoss({
      db: poolExecutor(this.db),
      schema,
      migrate: true,
      schedule: false,
      // Maintenance expires messages whose worker died (SIGKILL, lost node) so another worker retries them.
      supervise,
      maintenanceIntervalSeconds: this.opts.maintenanceSeconds,
    });
    boss.on('error', (err: Error) => this.opts.log.error('pg-boss error', { error: err.message }));
    await boss.start();
    // Sending to a queue that does not exist silently drops the message: create them all up front.
    for (const q of this.opts.queues) await boss.createQueue(q);
    this.boss = boss;
    this.schema = schema;
  }

  async stop(): Promise<void> {
    // Our own workers drain before this; pg-boss has no workers of its own to wait for.
    await this.boss?.stop({ graceful: false, close: false });
    this.boss = null;
  }

  async enqueue(trx: Db, queue: string, messages: object[], opts: EnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const jobs: PgBoss.JobInsert[] = messages.map((data) => ({
      name: queue,
      data,
      retryLimit: opts.maxAttempts - 1 + RECOVERY_DELIVERIES,
      retryDelay: opts.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: opts.timeoutSeconds,
    }));
    await this.started().insert(jobs, { db: transactionExecutor(trx) }); // one multi-row INSERT
  }

  async fetch<T>(queue: string, limit: number): Promise<Claimed<T>[]> {
    const jobs = await this.started().fetch<T>(queue, { batchSize: limit, includeMetadata: true });
    // Messages enqueued before RECOVERY_DELIVERIES existed have no spare deliveries: at least 1 attempt.
    return jobs.map((j) => ({
      id: j.id,
      queue,
      data: j.data,
      attempt: j.retryCount + 1,
      maxAttempts: Math.max(1, j.retryLimit + 1 - RECOVERY_DELIVERIES),
    }));
  }

  async complete(trx: Db, messages: Claimed<unknown>[]): Promise<void> {
    if (messages.length === 0) return;
    const db = (trx as { isTransaction?: boolean }).isTransaction ? transactionExecutor(trx) : poolExecutor(trx);
    // pg-boss 10 is complete(name, ids, data, options); its typings' (name, ids[], options) overload would
    // pass { db } as job output and ack on the pool, committing the ack before the slice's own work.
    const boss = this.started() as unknown as {
      complete(name: string, ids: string[], data: null, options: { db: unknown }): Promise<unknown>;
    };
    await boss.complete(
      messages[0].queue,
      messages.map((m) => m.id),
      null,
      { db },
    );
  }

  async fail(message: Claimed<unknown>, error: Error): Promise<void> {
    await this.started().fail(message.queue, message.id, { message: error.message });
  }

  async release(message: Claimed<unknown>): Promise<void> {
    // pg-boss has no "unclaim": failing puts the message back as a retry (it costs one attempt).
    await this.started().fail(message.queue, message.id, { message: 'released at worker shutdown' });
  }

  async stats(): Promise<QueueStats[]> {
    return this.schema ? withIdleQueues(this.opts.queues, await pgBossQueueStats(this.db, this.schema)) : [];
  }

  wake(queue: string): void {
    this.signals.wake(queue);
  }

  onWake(queue: string, listener: () => void): () => void {
    return this.signals.onWake(queue, listener);
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The job queue is not started');
    return this.boss;
  }
}
