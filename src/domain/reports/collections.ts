import { DateTime } from 'luxon';
import { BUCKET_SECONDS, collectionsFigures, type CollectionsCounts } from '../../store/reports/collections.js';
import { type TransferResult, transferResults } from '../calls/call-transfers.js';
import type { CompanyContext } from '../shared/context.js';
import { InvalidInputError } from '../shared/errors.js';

/** The longest period one report covers: a year and a week (53 whole weeks). */
export const MAX_REPORT_DAYS = 371;

export type ReportGroupBy = 'taskType' | 'week';

export interface CollectionsQuery {
  /** First day (YYYY-MM-DD) in `timezone`, included. */
  from: string;
  /** Last day (YYYY-MM-DD) in `timezone`, included. */
  to: string;
  groupBy: ReportGroupBy;
  /** IANA zone of the days and weeks; default UTC. */
  timezone?: string;
}

export interface Amount {
  count: number;
  /** Dollars, two places. */
  amount: string;
}

/** One group's figures (or the period's totals). */
export interface CollectionsFigures {
  attempts: number;
  connects: number;
  rightPartyContacts: number;
  transfers: number;
  promises: Amount;
  open: Amount;
  kept: Amount;
  partiallyKept: Amount;
  broken: Amount;
  cancelled: Amount;
  /** Paid against the period's promises: kept plus partially kept. */
  collected: string;
  links: { sent: number; opened: number };
}

export interface CollectionsReport {
  from: string;
  to: string;
  timezone: string;
  groupBy: ReportGroupBy;
  rows: Array<{ group: string } & CollectionsFigures>;
  totals: CollectionsFigures;
  /** The period's transfers per destination: the one record the transfer webhooks write (calls' transferResults). */
  transfersByDestination: TransferResult[];
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

function zero(): CollectionsCounts {
  return {
    key: '',
    attempts: 0,
    connects: 0,
    rightPartyContacts: 0,
    transfers: 0,
    promises: 0,
    promisedCents: 0,
    open: 0,
    openCents: 0,
    kept: 0,
    keptPaidCents: 0,
    partiallyKept: 0,
    partiallyKeptPaidCents: 0,
    broken: 0,
    brokenCents: 0,
    cancelled: 0,
    cancelledCents: 0,
    linksSent: 0,
    linksOpened: 0,
  };
}

function add(into: CollectionsCounts, c: CollectionsCounts): void {
  for (const k of Object.keys(into) as Array<keyof CollectionsCounts>) if (k !== 'key') into[k] += c[k];
}

function figures(c: CollectionsCounts): CollectionsFigures {
  return {
    attempts: c.attempts,
    connects: c.connects,
    rightPartyContacts: c.rightPartyContacts,
    transfers: c.transfers,
    promises: { count: c.promises, amount: dollars(c.promisedCents) },
    open: { count: c.open, amount: dollars(c.openCents) },
    kept: { count: c.kept, amount: dollars(c.keptPaidCents) },
    partiallyKept: { count: c.partiallyKept, amount: dollars(c.partiallyKeptPaidCents) },
    broken: { count: c.broken, amount: dollars(c.brokenCents) },
    cancelled: { count: c.cancelled, amount: dollars(c.cancelledCents) },
    collected: dollars(c.keptPaidCents + c.partiallyKeptPaidCents),
    links: { sent: c.linksSent, opened: c.linksOpened },
  };
}

/**
 * The collections funnel of a period (GET /reports/collections, docs/partners/outcomes.md#results-report):
 * attempts → connects → right-party contacts → promises → kept, in dollars, by task type or by week.
 * One statement reads the figures (src/store/reports/collections.ts); by week, it groups by
 * 15-minute bucket and the buckets are folded here into the zone's weeks (Monday to Sunday), so a
 * week is exact in any zone, across daylight-saving changes.
 */
export async function collectionsReport(
  ctx: Pick<CompanyContext, 'db' | 'companyId'>,
  q: CollectionsQuery,
): Promise<CollectionsReport> {
  const timezone = q.timezone ?? 'UTC';
  if (!DateTime.now().setZone(timezone).isValid) throw new InvalidInputError(`Unknown time zone "${timezone}"`);
  const from = DateTime.fromISO(q.from, { zone: timezone });
  const to = DateTime.fromISO(q.to, { zone: timezone });
  if (!from.isValid || from.toISODate() !== q.from) throw new InvalidInputError(`from "${q.from}" is not a date`);
  if (!to.isValid || to.toISODate() !== q.to) throw new InvalidInputError(`to "${q.to}" is not a date`);
  const days = Math.round(to.diff(from, 'days').days) + 1;
  if (days < 1) throw new InvalidInputError(`to ${q.to} is before from ${q.from}`);
  if (days > MAX_REPORT_DAYS) throw new InvalidInputError(`the period is ${days} days; at most ${MAX_REPORT_DAYS}`);
  const start = from.startOf('day');
  const end = to.startOf('day').plus({ days: 1 });
  const counts = await collectionsFigures(ctx.db, ctx.companyId, {
    // ISO instants as every timestamp is written (SQLite compares them as text).
    from: new Date(start.toMillis()).toISOString(),
    to: new Date(end.toMillis()).toISOString(),
    groupBy: q.groupBy === 'taskType' ? 'taskType' : 'time',
  });
  const totals = zero();
  for (const c of counts) add(totals, c);
  const transfersByDestination = await transferResults(ctx.db, ctx.companyId, start.toJSDate(), end.toJSDate());
  const base = {
    from: q.from,
    to: q.to,
    timezone,
    groupBy: q.groupBy,
    totals: figures(totals),
    transfersByDestination,
  };
  if (q.groupBy === 'taskType') {
    const rows = counts
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((c) => ({ group: c.key === '' ? '(unknown)' : c.key, ...figures(c) }));
    return { ...base, rows };
  }
  // Every week of the period, empty ones too (a chart's axis), each starting on its Monday in the zone.
  const weeks: Array<{ start: number; monday: string; counts: CollectionsCounts }> = [];
  for (let w = start.startOf('week'); w < end; w = w.plus({ weeks: 1 }))
    weeks.push({ start: w.toMillis(), monday: w.toISODate(), counts: zero() });
  for (const c of counts) {
    const at = Number(c.key) * BUCKET_SECONDS * 1000;
    // The last week starting at or before the bucket (binary search: a year has 53).
    let lo = 0;
    let hi = weeks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (weeks[mid].start <= at) lo = mid;
      else hi = mid - 1;
    }
    add(weeks[lo].counts, c);
  }
  return { ...base, rows: weeks.map((w) => ({ group: w.monday, ...figures(w.counts) })) };
}
