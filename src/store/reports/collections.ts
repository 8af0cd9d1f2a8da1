import { dialectOf, type Db } from '../shared/db.js';

/** The report's width of a time bucket: 15 minutes, the finest offset any time zone has from UTC. */
export const BUCKET_SECONDS = 900;

/** One group's counts as the statement returns them: amounts in cents. */
export interface CollectionsCounts {
  /** The task type, or the bucket (seconds since the epoch ÷ BUCKET_SECONDS) when grouped by time. */
  key: string;
  attempts: number;
  connects: number;
  rightPartyContacts: number;
  transfers: number;
  promises: number;
  promisedCents: number;
  open: number;
  openCents: number;
  kept: number;
  keptPaidCents: number;
  partiallyKept: number;
  partiallyKeptPaidCents: number;
  broken: number;
  brokenCents: number;
  cancelled: number;
  cancelledCents: number;
  linksSent: number;
  linksOpened: number;
}

const COLUMNS = [
  'attempts',
  'connects',
  'right_party_contacts',
  'transfers',
  'promises',
  'promised_cents',
  'open',
  'open_cents',
  'kept',
  'kept_paid_cents',
  'partially_kept',
  'partially_kept_paid_cents',
  'broken',
  'broken_cents',
  'cancelled',
  'cancelled_cents',
  'links_sent',
  'links_opened',
] as const;
type Column = (typeof COLUMNS)[number];

/**
 * The collections report's figures of one company and period (GET /reports/collections), in ONE
 * statement: three set-based aggregates, each over one company's period of one table through an
 * index led by the company and that table's time (migrations _056 and _057), then summed by group.
 *
 * - calls placed: `scheduled_calls` by `dialed_at` (a placed call has one; its outcome flags are the
 *   call's `post_processing_flags`);
 * - promises made: `promises` by `created_at`, with what became of them (their status now), and
 *   their call's task type through `calls` and `scheduled_calls`;
 * - payment links issued: `payment_links` by `created_at`, sent when their text or email was
 *   accepted by the provider (`scheduled_messages`), opened when first opened.
 *
 * A cross-capability statement (docs/architecture/decisions/table-owners.md): a report reads what
 * four owners wrote, and reading it through their domains would be a query per row.
 */
export async function collectionsFigures(
  db: Db,
  companyId: string,
  q: { from: string; to: string; groupBy: 'taskType' | 'time' },
): Promise<CollectionsCounts[]> {
  const pg = dialectOf(db) === 'pg';
  const has = (column: string, flag: string) =>
    pg ? `${column} @> CAST('["${flag}"]' AS jsonb)` : `instr(${column}, '"${flag}"') > 0`;
  // Postgres groups each row by its bucket's start (date_bin, a timestamp: cheap to compute and to
  // hash) and turns only the groups into bucket numbers; numeric epoch arithmetic per row cost ~2×.
  const bucket = (column: string) =>
    pg
      ? `date_bin('${BUCKET_SECONDS} seconds', ${column}, TIMESTAMPTZ '2000-01-01 00:00:00+00')`
      : `CAST(strftime('%s', ${column}) AS INTEGER) / ${BUCKET_SECONDS}`;
  const outerKey = pg && q.groupBy === 'time' ? `CAST(EXTRACT(EPOCH FROM k) AS bigint) / ${BUCKET_SECONDS}` : 'k';
  const count = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;
  const cents = (condition: string, amount: string) =>
    `SUM(CASE WHEN ${condition} THEN CAST(ROUND(${amount} * 100) AS bigint) ELSE 0 END)`;
  const byTask = q.groupBy === 'taskType';
  /** The columns of one part: its own figures, zero for the others'. */
  const select = (own: Partial<Record<Column, string>>) => COLUMNS.map((c) => `${own[c] ?? '0'} AS ${c}`).join(', ');
  const sql = `SELECT ${outerKey} AS k, ${COLUMNS.map((c) => `SUM(${c}) AS ${c}`).join(', ')} FROM (
  SELECT ${byTask ? 'sc.task_type' : bucket('sc.dialed_at')} AS k, ${select({
    attempts: 'COUNT(*)',
    connects: count(has('sc.post_processing_flags', 'CONNECT')),
    right_party_contacts: count(has('sc.post_processing_flags', 'RPC')),
    transfers: count(
      `${has('sc.post_processing_flags', 'SUCCESSFUL_TRANSFER')} OR ${has('sc.post_processing_flags', 'TRANSFER')}`,
    ),
  })}
  FROM scheduled_calls sc
  WHERE sc.company_id = ? AND sc.dialed_at IS NOT NULL AND sc.dialed_at >= ? AND sc.dialed_at < ?
  GROUP BY 1
  UNION ALL
  SELECT ${byTask ? `COALESCE(psc.task_type, '')` : bucket('p.created_at')} AS k, ${select({
    promises: 'COUNT(*)',
    promised_cents: cents('1 = 1', 'p.amount'),
    open: count(`p.status = 'open'`),
    open_cents: cents(`p.status = 'open'`, 'p.amount'),
    kept: count(`p.status = 'kept'`),
    kept_paid_cents: cents(`p.status = 'kept'`, 'p.paid_amount'),
    partially_kept: count(`p.status = 'partially_kept'`),
    partially_kept_paid_cents: cents(`p.status = 'partially_kept'`, 'p.paid_amount'),
    broken: count(`p.status = 'broken'`),
    broken_cents: cents(`p.status = 'broken'`, 'p.amount'),
    cancelled: count(`p.status = 'cancelled'`),
    cancelled_cents: cents(`p.status = 'cancelled'`, 'p.amount'),
  })}
  FROM promises p${
    byTask
      ? `
  LEFT JOIN calls pc ON pc.id = p.call_id
  LEFT JOIN scheduled_calls psc ON psc.id = pc.scheduled_call_id`
      : ''
  }
  WHERE p.company_id = ? AND p.created_at >= ? AND p.created_at < ?
  GROUP BY 1
  UNION ALL
  SELECT ${byTask ? 'pl.task_type' : bucket('pl.created_at')} AS k, ${select({
    links_sent: count(`sm.sent_at IS NOT NULL AND sm.status IN ('sent', 'delivered', 'undelivered')`),
    links_opened: count('pl.first_opened_at IS NOT NULL'),
  })}
  FROM payment_links pl
  LEFT JOIN scheduled_messages sm ON sm.id = pl.scheduled_message_id
  WHERE pl.company_id = ? AND pl.created_at >= ? AND pl.created_at < ?
  GROUP BY 1
) figures GROUP BY k`;
  const bindings = [companyId, q.from, q.to, companyId, q.from, q.to, companyId, q.from, q.to];
  const result = await db.raw<Record<string, unknown>[] | { rows: Record<string, unknown>[] }>(sql, bindings);
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((r) => ({
    key: String(r.k),
    attempts: Number(r.attempts),
    connects: Number(r.connects),
    rightPartyContacts: Number(r.right_party_contacts),
    transfers: Number(r.transfers),
    promises: Number(r.promises),
    promisedCents: Number(r.promised_cents),
    open: Number(r.open),
    openCents: Number(r.open_cents),
    kept: Number(r.kept),
    keptPaidCents: Number(r.kept_paid_cents),
    partiallyKept: Number(r.partially_kept),
    partiallyKeptPaidCents: Number(r.partially_kept_paid_cents),
    broken: Number(r.broken),
    brokenCents: Number(r.broken_cents),
    cancelled: Number(r.cancelled),
    cancelledCents: Number(r.cancelled_cents),
    linksSent: Number(r.links_sent),
    linksOpened: Number(r.links_opened),
  }));
}
