import { PgBossQueue } from '../adapters/job-queue/pgboss-queue.js';
import { TableQueue } from '../adapters/job-queue/table-queue.js';
import { SLICE_QUEUE } from '../domain/batches/slices.js';
import { DIAL_QUEUE } from '../domain/calls/call-services.js';
import { RECORDING_QUEUE } from '../domain/calls/recordings.js';
import type { JobQueue } from '../domain/ports/job-queue.js';
import { WEBHOOK_QUEUE } from '../jobs/webhook-deliveries.js';
import type { JobOptions } from '../config/jobs.js';
import type { Logger } from '../lib/logger.js';
import { type Db, dialectOf } from '../store/shared/db.js';

/** Every queue the workers consume: created up front on pg-boss, and reported (0 when empty) by the queue gauges. */
const QUEUES = [SLICE_QUEUE, DIAL_QUEUE, RECORDING_QUEUE, WEBHOOK_QUEUE];

/** pg-boss on Postgres (production, many processes); the durable table queue on SQLite (one process). */
export function createJobQueue(db: Db, options: JobOptions, log: Logger): JobQueue {
  if (dialectOf(db) === 'pg') {
    return new PgBossQueue(db, {
      schema: options.pgBossSchema,
      maintenanceSeconds: options.maintenanceSeconds,
      queues: QUEUES,
      log,
    });
  }
  return new TableQueue(db, Date.now, QUEUES);
}
