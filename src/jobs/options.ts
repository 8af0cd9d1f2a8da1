/** Job and worker settings from the environment (README, "Batch jobs"). */
export interface JobOptions {
  /** Batch slices processed at the same time by one worker process. */
  concurrency: number;
  /** Up to this many claimed slices of one job run in one transaction (1 = every slice alone). */
  slicesPerTransaction: number;
  /** The same for customer and loan rows, whose writes are set-based (one statement set per transaction). */
  setBasedSlicesPerTransaction: number;
  /** Idle poll interval of a worker process, in milliseconds. */
  pollMs: number;
  /** Attempts per slice, including the first; after the last one its rows are marked failed. */
  maxAttempts: number;
  /** Base of the exponential backoff between attempts, in seconds. */
  retryDelaySeconds: number;
  /** A slice not acked within this time (its worker died) is delivered to another worker. */
  sliceTimeoutSeconds: number;
  /** How often a worker process looks for such lost slices (pg-boss maintenance). */
  maintenanceSeconds: number;
  /** At shutdown, how long in-flight slices may take before they are released. */
  shutdownGraceMs: number;
  /** Outbound webhook delivery (README "Webhooks"). */
  webhooks: { retryBaseMs: number; retryMaxMs: number; giveUpMs: number; timeoutMs: number };
  /** pg-boss schema override (default `pgboss`, or `<schema>_boss` when running in a non-public schema). */
  pgBossSchema?: string;
}

export class JobOptionsError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new JobOptionsError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

export function loadJobOptions(env: NodeJS.ProcessEnv = process.env): JobOptions {
  const pgBossSchema = env.OUTREACH_PGBOSS_SCHEMA || undefined;
  if (pgBossSchema && !/^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(pgBossSchema)) {
    throw new JobOptionsError(`OUTREACH_PGBOSS_SCHEMA must be a plain identifier, got "${pgBossSchema}"`);
  }
  return {
    concurrency: int(env, 'OUTREACH_JOBS_CONCURRENCY', 4, 1, 64),
    slicesPerTransaction: int(env, 'OUTREACH_JOBS_SLICES_PER_TRANSACTION', 8, 1, 40),
    setBasedSlicesPerTransaction: int(env, 'OUTREACH_JOBS_SET_BASED_SLICES_PER_TRANSACTION', 40, 1, 40),
    pollMs: int(env, 'OUTREACH_JOBS_POLL_MS', 500, 10, 60_000),
    maxAttempts: int(env, 'OUTREACH_JOBS_MAX_ATTEMPTS', 6, 1, 20),
    retryDelaySeconds: int(env, 'OUTREACH_JOBS_RETRY_DELAY_SECONDS', 1, 1, 3600),
    sliceTimeoutSeconds: int(env, 'OUTREACH_JOBS_SLICE_TIMEOUT_SECONDS', 60, 1, 3600),
    maintenanceSeconds: int(env, 'OUTREACH_JOBS_MAINTENANCE_SECONDS', 30, 1, 3600),
    shutdownGraceMs: int(env, 'OUTREACH_JOBS_SHUTDOWN_GRACE_MS', 20_000, 0, 600_000),
    webhooks: {
      retryBaseMs: int(env, 'OUTREACH_WEBHOOK_RETRY_BASE_MS', 10_000, 10, 3_600_000),
      retryMaxMs: int(env, 'OUTREACH_WEBHOOK_RETRY_MAX_MS', 4 * 3_600_000, 10, 24 * 3_600_000),
      giveUpMs: int(env, 'OUTREACH_WEBHOOK_GIVE_UP_MS', 24 * 3_600_000, 0, 30 * 24 * 3_600_000),
      timeoutMs: int(env, 'OUTREACH_WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    pgBossSchema,
  };
}
