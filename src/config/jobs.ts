import type { EnvReader } from './env.js';

/** Job and worker settings (docs/operators/configuration.md); src/jobs/ and src/main/ take this type from here. */
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
  /** Outbound webhook delivery (docs/partners/webhooks.md#delivery-and-retries). */
  webhooks: { retryBaseMs: number; retryMaxMs: number; giveUpMs: number; timeoutMs: number };
  /**
   * Days the retention sweep keeps contact records (calls, scheduled calls and messages, contact
   * decisions, consent records); undefined: kept indefinitely. Never under three years.
   */
  contactRecordRetentionDays?: number;
  /** pg-boss schema override (default `pgboss`, or `<schema>_boss` when running in a non-public schema). */
  pgBossSchema?: string;
}

/** Reg F (12 CFR 1006.100) keeps records three years: 1096 days, a leap day included. */
export const CONTACT_RECORD_MIN_RETENTION_DAYS = 1096;

function contactRecordRetention(r: EnvReader): number | undefined {
  const name = 'OUTREACH_CONTACT_RECORD_RETENTION_DAYS';
  const text = r.raw(name);
  if (text === undefined || text === '') return undefined;
  const days = Number(text);
  if (!Number.isInteger(days) || days < CONTACT_RECORD_MIN_RETENTION_DAYS) {
    r.fail(
      name,
      `a whole number of days of at least ${CONTACT_RECORD_MIN_RETENTION_DAYS}: Reg F (12 CFR 1006.100) requires keeping contact records three years, so retention may only be configured longer (or left unset: kept indefinitely)`,
      text,
    );
  }
  return days;
}

export function loadJobOptions(r: EnvReader): JobOptions {
  const pgBossSchema = r.filled('OUTREACH_PGBOSS_SCHEMA');
  if (pgBossSchema && !/^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(pgBossSchema))
    r.fail('OUTREACH_PGBOSS_SCHEMA', 'a plain identifier', pgBossSchema);
  return {
    concurrency: r.int('OUTREACH_JOBS_CONCURRENCY'),
    slicesPerTransaction: r.int('OUTREACH_JOBS_SLICES_PER_TRANSACTION'),
    setBasedSlicesPerTransaction: r.int('OUTREACH_JOBS_SET_BASED_SLICES_PER_TRANSACTION'),
    pollMs: r.int('OUTREACH_JOBS_POLL_MS'),
    maxAttempts: r.int('OUTREACH_JOBS_MAX_ATTEMPTS'),
    retryDelaySeconds: r.int('OUTREACH_JOBS_RETRY_DELAY_SECONDS'),
    sliceTimeoutSeconds: r.int('OUTREACH_JOBS_SLICE_TIMEOUT_SECONDS'),
    maintenanceSeconds: r.int('OUTREACH_JOBS_MAINTENANCE_SECONDS'),
    shutdownGraceMs: r.int('OUTREACH_JOBS_SHUTDOWN_GRACE_MS'),
    webhooks: {
      retryBaseMs: r.int('OUTREACH_WEBHOOK_RETRY_BASE_MS'),
      retryMaxMs: r.int('OUTREACH_WEBHOOK_RETRY_MAX_MS'),
      giveUpMs: r.int('OUTREACH_WEBHOOK_GIVE_UP_MS'),
      timeoutMs: r.int('OUTREACH_WEBHOOK_TIMEOUT_MS'),
    },
    contactRecordRetentionDays: contactRecordRetention(r),
    pgBossSchema,
  };
}
