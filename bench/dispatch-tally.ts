/**
 * What the dispatch benchmark's service process sends to Postgres, counted at the driver (pg's
 * Client.query), so pg-boss's own SQL, which does not pass through Knex, is counted too; and the
 * callback answers by status. The bench's own progress queries run on connections named
 * `WATCH_APPLICATION` and are not counted. Bench-only instrumentation: it patches node:http and pg
 * in this process, without async context tracking (an AsyncLocalStorage here would tax every
 * promise of the service it measures).
 */
import http from 'node:http';
import pg from 'pg';

export interface Tally {
  /** Statements (BEGIN/COMMIT/ROLLBACK not counted) and all round trips. */
  statements: number;
  roundTrips: number;
  /** HTTP answers of the callback endpoint by status. */
  callbackAnswers: Record<string, number>;
}

export const tally: Tally = { statements: 0, roundTrips: 0, callbackAnswers: {} };

/** With BENCH_SQL_SAMPLE set: every statement text (abbreviated) and how often it ran. */
export const sqlSample = new Map<string, number>();

/** `application_name` of the bench's own connections (a `?application_name=` in their URL). */
export const WATCH_APPLICATION = 'outreach-bench-watch';

export function installTally(): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the original of a patched prototype method, called below with .call(this)
  const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (req.url?.startsWith('/callbacks/'))
        res.once(
          'finish',
          () => (tally.callbackAnswers[res.statusCode] = (tally.callbackAnswers[res.statusCode] ?? 0) + 1),
        );
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;

  // eslint-disable-next-line @typescript-eslint/unbound-method -- the original of a patched prototype method, called below with .apply(this)
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (
    this: pg.Client & { connectionParameters?: { application_name?: string } },
    ...args: unknown[]
  ) {
    if (this.connectionParameters?.application_name !== WATCH_APPLICATION) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '');
      tally.roundTrips++;
      if (!/^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(text)) tally.statements++;
      if (process.env.BENCH_SQL_SAMPLE) {
        const k = text.replace(/\s+/g, ' ').slice(0, 100);
        sqlSample.set(k, (sqlSample.get(k) ?? 0) + 1);
      }
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Counts from zero again (a second run in the same process). */
export function resetTally(): void {
  tally.statements = 0;
  tally.roundTrips = 0;
  tally.callbackAnswers = {};
  sqlSample.clear();
}
