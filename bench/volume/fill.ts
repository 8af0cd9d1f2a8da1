/**
 * Fills a migrated Postgres schema with production-volume data in set-based SQL (generate_series,
 * no API calls), reproducible from a seed: at scale 1.0, 1,000 companies (a few large: a company's
 * share falls as a power law), 2M customers with a loan each, 10M scheduled calls (5 per customer,
 * ended except those of the last days, which are due in the coming days), ~5M calls with 2 callback
 * events each, 2M sent messages, 1M idempotency records and ~1M webhook deliveries, spread over the
 * 13 months before `now`; promises to pay, their payments and payment links in the shape of
 * PROMISE_SHAPE. Every row satisfies the schema's keys, foreign keys and uniques and the
 * vocabularies the application reads (statuses, call states, flags).
 */
import type { Db } from '../../src/store/shared/db.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';

export interface FillOptions {
  /** 1.0 = the volume; counts scale linearly (at least 2 companies). */
  scale: number;
  /** Seed of Postgres' random() (setseed), in [-1, 1]. */
  seed: number;
  /** The instant the data ends at (the newest history; pending calls follow it). */
  now: Date;
  /** Companies, whatever the scale: a baseline with the full data set's lenders and little history. */
  companies?: number;
  /**
   * Days of history before `now` (default 395, 13 months): customers are enrolled evenly over them.
   * A baseline of the full data set's first week keeps its daily volume with `days: 7` and the
   * scale × 7 / 395 (baselineScale).
   */
  days?: number;
}

/** The scale of a baseline of `days` days at the daily volume of the full data set at `scale`. */
export function baselineScale(scale: number, days: number): number {
  return (scale * days) / FULL_DAYS;
}

const FULL_DAYS = 395;

export interface FillStep {
  table: string;
  rows: number;
  ms: number;
}

export function volumeCounts(scale: number) {
  return {
    companies: Math.max(2, Math.round(1000 * scale)),
    customers: Math.max(10, Math.round(2_000_000 * scale)),
    idempotencyRecords: Math.max(1, Math.round(1_000_000 * scale)),
  };
}

const SCHEDULED_CALLS_PER_CUSTOMER = 5;

/** The shape of the outcome rows (the collections report's input), as the statements below make them. */
export const PROMISE_SHAPE =
  '1 in 10 right-party contacts promises its amount due; of the promises 60 % kept, 10 % partly kept (half paid), 25 % broken, 5 % open; a payment per kept or partly kept promise; a payment link texted after every promise, 40 % opened';

/** The statements, in order; each inserts one table from generate_series or from the rows before it. */
function statements(): Array<{ table: string; sql: string }> {
  return [
    {
      table: 'companies',
      sql: `INSERT INTO companies (id, name, config, created_at)
        SELECT md5('company:' || k)::uuid::text, 'Volume Lender ' || k, :config::jsonb, :now::timestamptz - interval '400 days'
        FROM generate_series(0, :companies - 1) k`,
    },
    {
      // One row per customer with the numbers later tables derive from. power(random(), 3) puts
      // most customers in the lowest-numbered companies: a few large lenders, a long tail.
      table: 'vol_customers (temporary)',
      sql: `CREATE TEMP TABLE vol_customers ON COMMIT DROP AS
        SELECT g, md5('company:' || floor(:companies * power(random(), 3))::int)::uuid::text AS company_id,
               'cust-' || g AS id,
               date_trunc('milliseconds', :now::timestamptz - :days * interval '1 day' * random()) AS created_at
        FROM generate_series(1, :customers) g`,
    },
    {
      table: 'customers',
      sql: `INSERT INTO customers (company_id, id, first_name, last_name, email, timezone, phone_number, state, zip_code, do_not_call, is_test, task_type, created_at, updated_at)
        SELECT company_id, id, 'First' || g, 'Last' || g, 'c' || g || '@example.com',
               CASE WHEN g % 3 = 0 THEN 'America/Chicago' ELSE 'America/New_York' END,
               CASE WHEN g % 3 = 0 THEN '+15125' ELSE '+12127' END || lpad((g % 1000000)::text, 6, '0'),
               CASE WHEN g % 3 = 0 THEN 'TX' ELSE 'NY' END,
               CASE WHEN g % 3 = 0 THEN '78701' ELSE '10001' END,
               g % 50 = 0, false, 'PendingLoanNewLead', created_at, created_at
        FROM vol_customers`,
    },
    {
      table: 'loans',
      sql: `INSERT INTO loans (company_id, customer_id, id, type, servicing_status, total_balance, amount_due, task_type, created_at, updated_at)
        SELECT company_id, id, 'loan-' || g, 'installment', 'current', 500 + (g % 4500), 50 + (g % 450), 'PendingLoanNewLead', created_at, created_at
        FROM vol_customers`,
    },
    {
      table: 'applications',
      sql: `INSERT INTO applications (id, company_id, customer_id, loan_id, created_at)
        SELECT md5('app:' || g)::uuid::text, company_id, id, 'loan-' || g, created_at FROM vol_customers`,
    },
    {
      table: 'cadences',
      sql: `INSERT INTO cadences (id, company_id, customer_id, application_id, task_type, cadence, status, created_at, updated_at, ended_at)
        SELECT md5('cadence:' || g)::uuid::text, company_id, id, md5('app:' || g)::uuid::text, 'PendingLoanNewLead', 'PendingLoanNewLead',
               CASE WHEN recent THEN 'active' ELSE 'finished' END, created_at, created_at,
               CASE WHEN recent THEN NULL ELSE created_at + interval '5 days' END
        FROM (SELECT *, created_at + interval '5 days' > :now::timestamptz AS recent FROM vol_customers) v`,
    },
    {
      table: 'schedules',
      sql: `INSERT INTO schedules (id, company_id, customer_id, cadence_id, channel, source, task_type, cadence, loan_id, status, created_at, updated_at)
        SELECT md5('schedule:' || g)::uuid::text, company_id, id, md5('cadence:' || g)::uuid::text, 'call', 'enrollment', 'PendingLoanNewLead',
               'PendingLoanNewLead', 'loan-' || g, CASE WHEN created_at + interval '5 days' > :now::timestamptz THEN 'active' ELSE 'completed' END, created_at, created_at
        FROM vol_customers
        UNION ALL
        SELECT md5('mschedule:' || g)::uuid::text, company_id, id, md5('cadence:' || g)::uuid::text, CASE WHEN g % 2 = 0 THEN 'email' ELSE 'sms' END,
               'enrollment', 'PendingLoanNewLead', 'PendingLoanNewLead', 'loan-' || g, 'completed', created_at, created_at
        FROM vol_customers`,
    },
    {
      // Step k at 15:00 UTC on day k after enrollment; ended in the past (steps 0-1, and 2 for even
      // customers, were dialed; the rest skipped), pending in the future.
      table: 'scheduled_calls',
      sql: `INSERT INTO scheduled_calls (id, company_id, customer_id, schedule_id, loan_id, task_type, purpose, scheduled_time, phone_number, transfer_destination,
                                         step, step_index, fallback, status, call_id, post_processing_flags, created_at, updated_at, dial_attempts, claimed_at, dialed_at, provider, provider_call_id)
        SELECT s.id, s.company_id, s.customer_id, s.schedule_id, s.loan_id, 'PendingLoanNewLead', 'origination', s.at, s.phone, '',
               'day-' || s.k, s.k, false, s.status,
               CASE WHEN s.status = 'completed' THEN md5('call:' || s.id)::uuid::text END,
               CASE WHEN s.status = 'completed' THEN (ARRAY['["NO_ANSWER"]', '["VOICEMAIL", "MESSAGE_LEFT"]', '["CONNECT", "LIVE_CONNECT"]', '["CONNECT", "LIVE_CONNECT", "RPC"]'])[1 + (s.g + s.k) % 4]::jsonb ELSE '[]'::jsonb END,
               s.created_at, CASE WHEN s.status = 'pending' THEN s.created_at ELSE s.at + interval '2 minutes' END,
               CASE WHEN s.status = 'completed' THEN 1 ELSE 0 END,
               CASE WHEN s.status = 'completed' THEN s.at END, CASE WHEN s.status = 'completed' THEN s.at + interval '1 second' END,
               CASE WHEN s.status = 'completed' THEN 'sandbox' END, CASE WHEN s.status = 'completed' THEN 'vol-' || s.id END
        FROM (
          SELECT v.g, k, v.created_at, md5('sc:' || v.g || ':' || k)::uuid::text AS id, v.company_id, v.id AS customer_id, md5('schedule:' || v.g)::uuid::text AS schedule_id,
                 'loan-' || v.g AS loan_id, CASE WHEN v.g % 3 = 0 THEN '+15125' ELSE '+12127' END || lpad((v.g % 1000000)::text, 6, '0') AS phone,
                 date_trunc('day', v.created_at) + (k + 1) * interval '1 day' + interval '15 hours' AS at,
                 CASE WHEN date_trunc('day', v.created_at) + (k + 1) * interval '1 day' + interval '15 hours' > :now::timestamptz THEN 'pending'
                      WHEN k < 2 OR (k = 2 AND v.g % 2 = 0) THEN 'completed' ELSE 'skipped' END AS status
          FROM vol_customers v CROSS JOIN generate_series(0, ${SCHEDULED_CALLS_PER_CUSTOMER - 1}) k
        ) s`,
    },
    {
      table: 'calls',
      sql: `INSERT INTO calls (id, company_id, customer_id, scheduled_call_id, provider, provider_call_id, to_phone_number, from_phone_number, state, "timestamp",
                               started_at, ended_at, duration_ms, disconnection_reason, answered_by, transcript, summarization, flags, created_at, updated_at)
        SELECT call_id, company_id, customer_id, id, provider, provider_call_id, phone_number, '+12025550199', 'analyzed', dialed_at,
               dialed_at + interval '5 seconds', dialed_at + interval '65 seconds', 60000, 'user_hangup', 'human', 'Agent: Hello.', 'Talked.', post_processing_flags,
               dialed_at, dialed_at + interval '2 minutes'
        FROM scheduled_calls WHERE status = 'completed'`,
    },
    {
      table: 'call_events',
      sql: `INSERT INTO call_events (provider, event_id, call_id, type, applied, received_at)
        SELECT 'sandbox', id || ':' || t, id, t, true, "timestamp" + CASE WHEN t = 'call_ended' THEN interval '65 seconds' ELSE interval '90 seconds' END
        FROM calls CROSS JOIN (VALUES ('call_ended'), ('call_analyzed')) e(t)`,
    },
    {
      // Promises to pay (PROMISE_SHAPE): 1 in 10 right-party contacts promises its loan's amount due
      // two minutes after the call, due 7 days later; by a hash of the call, 60 % were kept (paid in
      // full), 10 % partly kept (half paid), 25 % broken and 5 % are still open.
      table: 'promises',
      sql: `INSERT INTO promises (company_id, id, customer_id, loan_id, call_id, amount, promised_date, status, paid_amount, created_at, updated_at)
        SELECT c.company_id, md5('promise:' || c.id)::uuid::text, c.customer_id, l.id, c.id, l.amount_due,
               to_char((c."timestamp" + interval '7 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD'), p.status,
               CASE p.status WHEN 'kept' THEN l.amount_due WHEN 'partially_kept' THEN round(l.amount_due / 2, 2) ELSE 0 END,
               c."timestamp" + interval '2 minutes', c."timestamp" + interval '8 days'
        FROM calls c JOIN loans l ON l.company_id = c.company_id AND l.customer_id = c.customer_id
        CROSS JOIN LATERAL (SELECT CASE WHEN abs(hashtext('kept:' || c.id)) % 100 < 60 THEN 'kept'
                                        WHEN abs(hashtext('kept:' || c.id)) % 100 < 70 THEN 'partially_kept'
                                        WHEN abs(hashtext('kept:' || c.id)) % 100 < 95 THEN 'broken' ELSE 'open' END AS status) p
        WHERE c.flags @> '["RPC"]'::jsonb AND abs(hashtext('promise:' || c.id)) % 10 = 0`,
    },
    {
      // The payment that kept (or partly kept) each promise, on its date.
      table: 'payments',
      sql: `INSERT INTO payments (id, company_id, customer_id, loan_id, payment_id, status, payment_date, payment_amount_cents, payment_type, system_source, created_at, updated_at)
        SELECT md5('payment:' || p.id)::uuid::text, p.company_id, p.customer_id, p.loan_id, 'pay-' || p.id, 'settled', p.promised_date::date,
               (p.paid_amount * 100)::bigint, 'ach', 'volume', p.updated_at, p.updated_at
        FROM promises p WHERE p.status IN ('kept', 'partially_kept')`,
    },
    {
      table: 'scheduled_messages',
      sql: `INSERT INTO scheduled_messages (id, company_id, customer_id, schedule_id, loan_id, task_type, purpose, channel, step, step_index, template, scheduled_time,
                                            status, recipient, subject, content, sandbox, provider_message_id, sent_at, created_at, updated_at)
        SELECT md5('message:' || g)::uuid::text, company_id, id, md5('mschedule:' || g)::uuid::text, 'loan-' || g, 'PendingLoanNewLead', 'origination', channel,
               'reminder', 0, 'reminder', at,
               CASE WHEN at > :now::timestamptz THEN 'pending' WHEN channel = 'email' THEN 'sent' ELSE 'delivered' END,
               CASE WHEN at > :now::timestamptz THEN NULL WHEN channel = 'email' THEN 'c' || g || '@example.com' ELSE '+12127' || lpad((g % 1000000)::text, 6, '0') END,
               CASE WHEN channel = 'email' AND at <= :now::timestamptz THEN 'Finish your application' END,
               CASE WHEN at <= :now::timestamptz THEN 'Your application is almost complete.' END,
               false, CASE WHEN channel = 'sms' AND at <= :now::timestamptz THEN 'SM' || md5('sms:' || g) END,
               CASE WHEN at <= :now::timestamptz THEN at + interval '2 seconds' END, created_at, created_at
        FROM (SELECT v.*, CASE WHEN g % 2 = 0 THEN 'email' ELSE 'sms' END AS channel, date_trunc('day', created_at) + interval '1 day 14 hours' AS at FROM vol_customers v) m`,
    },
    {
      // The text each promise sent with its payment link (the message schedule of the customer; its
      // step index after the reminder's 0), sent two seconds after the promise.
      table: 'scheduled_messages (payment links)',
      sql: `INSERT INTO scheduled_messages (id, company_id, customer_id, schedule_id, loan_id, task_type, purpose, channel, step, step_index, template, scheduled_time,
                                            status, recipient, content, sandbox, provider_message_id, sent_at, created_at, updated_at)
        SELECT md5('link-message:' || p.id)::uuid::text, p.company_id, p.customer_id, md5('mschedule:' || substr(p.customer_id, 6))::uuid::text, p.loan_id,
               sc.task_type, sc.purpose, 'sms', 'payment-link', 1 + sc.step_index, 'pay', p.created_at, 'delivered', '+12127000000', 'Pay here',
               false, 'SM' || md5('link-sms:' || p.id), p.created_at + interval '2 seconds', p.created_at, p.created_at
        FROM promises p JOIN calls c ON c.id = p.call_id JOIN scheduled_calls sc ON sc.id = c.scheduled_call_id`,
    },
    {
      // One payment link per promise, sent in that text; 40 % were opened, a few minutes later.
      table: 'payment_links',
      sql: `INSERT INTO payment_links (id, company_id, customer_id, loan_id, amount, task_type, channel, source, promise_id, scheduled_message_id, scheduled_call_id,
                                       created_at, expires_at, first_opened_at, last_opened_at, open_count)
        SELECT md5('link:' || p.id)::uuid::text, p.company_id, p.customer_id, p.loan_id, p.amount, sc.task_type, 'sms', 'promise', p.id,
               md5('link-message:' || p.id)::uuid::text, NULL, p.created_at, p.created_at + interval '72 hours',
               CASE WHEN o.opened THEN p.created_at + interval '5 minutes' END, CASE WHEN o.opened THEN p.created_at + interval '5 minutes' END,
               CASE WHEN o.opened THEN 1 ELSE 0 END
        FROM promises p JOIN calls c ON c.id = p.call_id JOIN scheduled_calls sc ON sc.id = c.scheduled_call_id
        CROSS JOIN LATERAL (SELECT abs(hashtext('opened:' || p.id)) % 10 < 4 AS opened) o`,
    },
    {
      // Replays kept for a day, so all but the newest are expired (what the retention sweep removes).
      table: 'idempotency_records',
      sql: `INSERT INTO idempotency_records (company_id, key, operation, fingerprint, state, response_status, response_body, response_headers, created_at, updated_at, expires_at)
        SELECT v.company_id, 'vol-key-' || i, 'syncCustomerSchedule', md5('fingerprint:' || i), 'completed', 200, '{}'::jsonb, '{}'::jsonb,
               v.created_at, v.created_at, v.created_at + interval '1 day'
        FROM generate_series(1, :idempotencyRecords) i JOIN vol_customers v ON v.g = 1 + (i - 1) % :customers`,
    },
    {
      table: 'webhook_endpoints',
      sql: `INSERT INTO webhook_endpoints (id, company_id, url, secret, created_at)
        SELECT md5('endpoint:' || k)::uuid::text, md5('company:' || k)::uuid::text, 'https://hooks.example.com/lender-' || k,
               'whsec_' || encode(decode(md5('secret-a:' || k) || md5('secret-b:' || k), 'hex'), 'base64'),
               to_char((:now::timestamptz - interval '400 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        FROM generate_series(0, :companies - 1) k`,
    },
    {
      // call.completed for the first call of every customer (about half the calls): most delivered,
      // a few dead, those of the last two days pending and due (what the relay claims).
      table: 'webhook_deliveries',
      sql: `INSERT INTO webhook_deliveries (id, company_id, endpoint_id, event_type, event_key, subject_id, status, enqueued, attempts, next_attempt_at,
                                            window_started_at, created_at, last_attempt_at, last_status_code, delivered_at)
        SELECT 'msg_' || md5('delivery:' || c.id), c.company_id, e.id, 'call.completed', 'call.completed:' || c.id, c.id,
               CASE WHEN c.ended_at > :now::timestamptz - interval '2 days' THEN 'pending' WHEN hashtext(c.id) % 200 = 0 THEN 'dead' ELSE 'delivered' END,
               false, 1, (extract(epoch FROM c.ended_at) * 1000)::bigint + 60000, (extract(epoch FROM c.ended_at) * 1000)::bigint,
               to_char(c.ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(c.ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               200, CASE WHEN hashtext(c.id) % 200 <> 0 THEN to_char(c.ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END
        FROM calls c JOIN scheduled_calls sc ON sc.id = c.scheduled_call_id AND sc.step_index = 0
        JOIN webhook_endpoints e ON e.company_id = c.company_id`,
    },
  ];
}

/**
 * Fills `db` (a migrated, empty Postgres schema) in one transaction and ANALYZEs it; returns each
 * step's rows and time. Parallel workers are off so random() draws in one order: the same seed
 * gives the same data.
 */
export async function fillVolume(db: Db, opts: FillOptions): Promise<FillStep[]> {
  const counts = { ...volumeCounts(opts.scale), ...(opts.companies ? { companies: opts.companies } : {}) };
  if (!(opts.seed >= -1 && opts.seed <= 1)) throw new Error('seed must be in [-1, 1]');
  // Inlined as literals: Knex's named bindings would also take the ':MI' of a to_char format.
  const literals: Record<string, string> = {
    companies: String(counts.companies),
    customers: String(counts.customers),
    idempotencyRecords: String(counts.idempotencyRecords),
    days: String(opts.days ?? FULL_DAYS),
    now: `'${opts.now.toISOString()}'`,
    config: `'${JSON.stringify(defaultCompanyConfig()).replace(/'/g, "''")}'`,
  };
  const inline = (sql: string) =>
    sql.replace(/:(companies|customers|idempotencyRecords|days|now|config)\b/g, (_, name: string) => literals[name]);
  const steps: FillStep[] = [];
  await db.transaction(async (trx) => {
    await trx.raw('SET LOCAL max_parallel_workers_per_gather = 0');
    await trx.raw("SET LOCAL TimeZone = 'UTC'");
    await trx.raw(`SELECT setseed(${opts.seed})`);
    // Every index, key and foreign key is made once over the filled tables instead of entry by entry
    // during the inserts: an index as one sorted build, a foreign key validated over all its rows in
    // one join, where a row insert would have probed and share-locked each of its parents (three
    // for each of ten million scheduled calls). Made again in the same transaction, each still
    // fails the build on a duplicate or a row without its parent: every constraint holds.
    const schema = await dropConstraintsAndIndexes(trx);
    for (const { table, sql } of statements()) {
      const started = performance.now();
      const result = await trx.raw<{ rowCount: number | null }>(inline(sql));
      steps.push({ table, rows: Number(result.rowCount ?? 0), ms: Math.round(performance.now() - started) });
    }
    const started = performance.now();
    await trx.raw("SET LOCAL maintenance_work_mem = '256MB'");
    for (const statement of schema.keysAndIndexes) await trx.raw(statement);
    steps.push({
      table: `${schema.keysAndIndexes.length} keys and indexes`,
      rows: 0,
      ms: Math.round(performance.now() - started),
    });
    const validated = performance.now();
    for (const statement of schema.foreignKeys) await trx.raw(statement);
    steps.push({
      table: `${schema.foreignKeys.length} foreign keys (validated)`,
      rows: 0,
      ms: Math.round(performance.now() - validated),
    });
  });
  const started = performance.now();
  // This schema's tables only: a bare ANALYZE would visit every schema of the database.
  const tables = await db.raw<{ rows: Array<{ relname: string }> }>(
    `SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'`,
  );
  for (const { relname } of tables.rows) await db.raw('ANALYZE ??', [relname]);
  steps.push({ table: 'ANALYZE', rows: 0, ms: Math.round(performance.now() - started) });
  return steps;
}

/**
 * Drops the current schema's foreign keys, then its primary keys and unique constraints, then its
 * other indexes; returns the statements that make them again, in the order to run them.
 */
async function dropConstraintsAndIndexes(trx: Db): Promise<{ keysAndIndexes: string[]; foreignKeys: string[] }> {
  const constraints = async (types: string) =>
    (
      await trx.raw<{ rows: Array<{ tbl: string; name: string; def: string }> }>(
        `SELECT quote_ident(conrelid::regclass::text) AS tbl, quote_ident(conname) AS name,
    pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE contype = ANY(?) AND connamespace = current_schema()::regnamespace`,
        [types.split('')],
      )
    ).rows;
  const foreign = await constraints('f');
  for (const f of foreign) await trx.raw(`ALTER TABLE ${f.tbl} DROP CONSTRAINT ${f.name}`);
  const keys = await constraints('pu');
  for (const k of keys) await trx.raw(`ALTER TABLE ${k.tbl} DROP CONSTRAINT ${k.name}`);
  const indexes = (
    await trx.raw<{ rows: Array<{ indexname: string; indexdef: string }> }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()`,
    )
  ).rows;
  for (const { indexname } of indexes) await trx.raw('DROP INDEX ??', [indexname]);
  const add = (c: { tbl: string; name: string; def: string }) =>
    `ALTER TABLE ${c.tbl} ADD CONSTRAINT ${c.name} ${c.def}`;
  return { keysAndIndexes: [...keys.map(add), ...indexes.map((i) => i.indexdef)], foreignKeys: foreign.map(add) };
}
