/**
 * What the dispatch benchmark's service process sends to Postgres, split by who sent it: the
 * callback endpoint (anything running inside an HTTP request) or the workers (claim loop, dial pool,
 * pg-boss fetch and ack). Counted at the driver (pg's Client.query), so pg-boss's own SQL, which
 * does not pass through Knex, is counted too. Also tallies the callback answers by status.
 * Bench-only instrumentation: it patches node:http and pg in this process.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import pg from 'pg';

type Who = 'callback' | 'bench';
const who = new AsyncLocalStorage<Who>();

export interface Tally {
  /** Statements (BEGIN/COMMIT/ROLLBACK not counted) and all round trips, by sender. */
  statements: { worker: number; callback: number };
  roundTrips: { worker: number; callback: number };
  /** HTTP answers of the callback endpoint by status. */
  callbackAnswers: Record<string, number>;
}

export const tally: Tally = { statements: { worker: 0, callback: 0 }, roundTrips: { worker: 0, callback: 0 }, callbackAnswers: {} };

/** With BENCH_SQL_SAMPLE set: every statement text (abbreviated) and how often it ran. */
export const sqlSample = new Map<string, number>();

/** Runs the bench's own queries (progress polling) outside the tally. */
export const asBench = <T>(fn: () => Promise<T>): Promise<T> => who.run('bench', fn);

export function installTally(): void {
  const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
    if (req.url?.startsWith('/callbacks/')) res.once('finish', () => (tally.callbackAnswers[res.statusCode] = (tally.callbackAnswers[res.statusCode] ?? 0) + 1));
    return who.run('callback', () => emit.call(this, event, ...args));
  } as typeof http.Server.prototype.emit;

  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const by = who.getStore();
    if (by !== 'bench') {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '');
      const side = by === 'callback' ? 'callback' : 'worker';
      tally.roundTrips[side]++;
      if (!/^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(text)) tally.statements[side]++;
      if (process.env.BENCH_SQL_SAMPLE) {
        const k = `${side} ${text.replace(/\s+/g, ' ').slice(0, 100)}`;
        sqlSample.set(k, (sqlSample.get(k) ?? 0) + 1);
      }
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
