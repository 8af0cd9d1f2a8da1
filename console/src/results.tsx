import { useEffect, useState } from 'preact/hooks';
import { api, type Schema } from './api.js';
import { dataOf } from './use-poll.js';

type Report = Schema<'CollectionsReport'>;
type Figures = Schema<'CollectionsFigures'>;
type Row = Report['rows'][number];

const TIMEZONE = 'America/New_York';
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The funnel's steps, widest first: what a collections manager reads left to right. */
const FUNNEL: Array<{ label: string; value: (f: Figures) => number }> = [
  { label: 'Attempts', value: (f) => f.attempts },
  { label: 'Connects', value: (f) => f.connects },
  { label: 'Right-party contacts', value: (f) => f.rightPartyContacts },
  { label: 'Promises', value: (f) => f.promises.count },
  { label: 'Kept', value: (f) => f.kept.count },
];

const money = (s: string) =>
  Number(s).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** The period's funnel as horizontal bars: one SVG, no chart library, no outside resource. */
export function FunnelChart({ totals }: { totals: Figures }) {
  const max = Math.max(1, totals.attempts);
  const W = 520;
  const H = 26;
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${W + 200} ${FUNNEL.length * H + 8}`}
        role="img"
        aria-label={`Funnel: ${FUNNEL.map((s) => `${s.label} ${s.value(totals)}`).join(', ')}`}
      >
        {FUNNEL.map((s, i) => {
          const n = s.value(totals);
          return (
            <g key={s.label} data-step={s.label}>
              <text x={0} y={i * H + 17} font-size="12" fill="currentColor">
                {s.label}
              </text>
              <rect x={160} y={i * H + 4} width={Math.max(1, (n / max) * W)} height={H - 8} fill="#1f6feb" />
              <text x={166 + (n / max) * W} y={i * H + 17} font-size="12" fill="currentColor">
                {n}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** Dollars promised and collected per week: paired bars, one SVG. */
export function WeeklyChart({ rows }: { rows: Row[] }) {
  const max = Math.max(1, ...rows.map((r) => Number(r.promises.amount)));
  const W = 14;
  const H = 140;
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${rows.length * W + 10} ${H + 20}`}
        role="img"
        aria-label="Dollars promised and collected by week"
      >
        {rows.map((r, i) => {
          const promised = (Number(r.promises.amount) / max) * (H - 10);
          const collected = (Number(r.collected) / max) * (H - 10);
          return (
            <g key={r.group} data-week={r.group}>
              <rect x={i * W + 6} y={H - promised} width={5} height={promised} fill="#8aa4c8">
                <title>{`${r.group}: promised ${money(r.promises.amount)}`}</title>
              </rect>
              <rect x={i * W + 11} y={H - collected} width={5} height={collected} fill="#1b7f3b">
                <title>{`${r.group}: collected ${money(r.collected)}`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span class="legend">
          <i style={{ background: '#8aa4c8' }} /> promised
        </span>
        <span class="legend">
          <i style={{ background: '#1b7f3b' }} /> collected
        </span>
      </figcaption>
    </figure>
  );
}

const CSV_COLUMNS: Array<[string, (r: Row) => string | number]> = [
  ['group', (r) => r.group],
  ['attempts', (r) => r.attempts],
  ['connects', (r) => r.connects],
  ['right_party_contacts', (r) => r.rightPartyContacts],
  ['transfers', (r) => r.transfers],
  ['promises', (r) => r.promises.count],
  ['promised_amount', (r) => r.promises.amount],
  ['kept', (r) => r.kept.count],
  ['kept_amount', (r) => r.kept.amount],
  ['partially_kept', (r) => r.partiallyKept.count],
  ['partially_kept_amount', (r) => r.partiallyKept.amount],
  ['broken', (r) => r.broken.count],
  ['broken_amount', (r) => r.broken.amount],
  ['open', (r) => r.open.count],
  ['collected', (r) => r.collected],
  ['links_sent', (r) => r.links.sent],
  ['links_opened', (r) => r.links.opened],
];

/** RFC 4180: every field quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
function csvField(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function reportCsv(report: Report): string {
  const lines = [CSV_COLUMNS.map(([h]) => h).join(',')];
  for (const r of report.rows) lines.push(CSV_COLUMNS.map(([, f]) => csvField(f(r))).join(','));
  lines.push(
    CSV_COLUMNS.map(([h, f]) => csvField(h === 'group' ? 'total' : f({ group: 'total', ...report.totals }))).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** The Results page: the collections funnel in dollars for a period, by task type or week, with a CSV. */
export function Results() {
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 90 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const [groupBy, setGroupBy] = useState<'taskType' | 'week'>('week');
  const [state, setState] = useState<{ report?: Report; error?: string }>({});
  useEffect(() => {
    let live = true;
    api
      .GET('/reports/collections', { params: { query: { from, to, groupBy, timezone: TIMEZONE } } })
      .then(dataOf)
      .then(
        (report) => live && setState({ report }),
        (e: Error) => live && setState({ error: e.message }),
      );
    return () => {
      live = false;
    };
  }, [from, to, groupBy]);
  const report = state.report;
  const csvHref = report ? URL.createObjectURL(new Blob([reportCsv(report)], { type: 'text/csv' })) : undefined;
  useEffect(() => () => void (csvHref && URL.revokeObjectURL(csvHref)), [csvHref]);
  return (
    <section class="results">
      <h2>Results</h2>
      <form class="period" onSubmit={(e) => e.preventDefault()}>
        <label>
          From <input type="date" name="from" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        </label>
        <label>
          To <input type="date" name="to" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </label>
        <label>
          By{' '}
          <select
            name="groupBy"
            value={groupBy}
            onChange={(e) => setGroupBy(e.currentTarget.value as 'taskType' | 'week')}
          >
            <option value="week">week</option>
            <option value="taskType">task type</option>
          </select>
        </label>
      </form>
      {!report ? (
        <p role={state.error ? 'alert' : undefined}>{state.error ?? 'Loading…'}</p>
      ) : (
        <>
          <dl class="figures">
            <div>
              <dt>Promised</dt>
              <dd data-figure="promised">{money(report.totals.promises.amount)}</dd>
            </div>
            <div>
              <dt>Collected</dt>
              <dd data-figure="collected">{money(report.totals.collected)}</dd>
            </div>
            <div>
              <dt>Links sent / opened</dt>
              <dd data-figure="links">
                {report.totals.links.sent} / {report.totals.links.opened}
              </dd>
            </div>
          </dl>
          <FunnelChart totals={report.totals} />
          {report.groupBy === 'week' && <WeeklyChart rows={report.rows} />}
          <p>
            <a
              href={csvHref}
              download={`collections-${report.from}-${report.to}-${report.groupBy}.csv`}
              role="button"
              data-csv
            >
              Download CSV
            </a>
          </p>
          <div class="scroll" tabIndex={0} role="region" aria-label="Results by group">
            <table>
              <caption>
                {report.groupBy === 'week' ? 'By week' : 'By task type'}, {report.from} to {report.to} (
                {report.timezone})
              </caption>
              <thead>
                <tr>
                  <th scope="col">{report.groupBy === 'week' ? 'Week of' : 'Task type'}</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Connects</th>
                  <th scope="col">Right party</th>
                  <th scope="col">Promises</th>
                  <th scope="col">Promised</th>
                  <th scope="col">Kept</th>
                  <th scope="col">Broken</th>
                  <th scope="col">Collected</th>
                  <th scope="col">Links sent</th>
                  <th scope="col">Links opened</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((r) => (
                  <tr key={r.group} data-group={r.group}>
                    <th scope="row">{r.group}</th>
                    <td>{r.attempts}</td>
                    <td>{r.connects}</td>
                    <td>{r.rightPartyContacts}</td>
                    <td>{r.promises.count}</td>
                    <td>{money(r.promises.amount)}</td>
                    <td>{r.kept.count}</td>
                    <td>{r.broken.count}</td>
                    <td>{money(r.collected)}</td>
                    <td>{r.links.sent}</td>
                    <td>{r.links.opened}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div class="scroll" tabIndex={0} role="region" aria-label="Transfers by destination">
            <table class="transfers-by-destination">
              <caption>
                Transfers by destination, {report.from} to {report.to}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Destination</th>
                  <th scope="col">Attempted</th>
                  <th scope="col">Bridged</th>
                  <th scope="col">Failed</th>
                  <th scope="col">Fell back</th>
                </tr>
              </thead>
              <tbody>
                {report.transfersByDestination.length === 0 ? (
                  <tr>
                    <td colSpan={5}>No transfers in this period.</td>
                  </tr>
                ) : (
                  report.transfersByDestination.map((t) => (
                    <tr key={t.destination} data-destination={t.destination}>
                      <th scope="row">{t.destination}</th>
                      <td>{t.attempted}</td>
                      <td>{t.bridged}</td>
                      <td>{t.failed}</td>
                      <td>{t.fellBack}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
