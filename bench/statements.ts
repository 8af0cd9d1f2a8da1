/**
 * SQL per request, counted from Knex's query events while the service (in this process, on its own
 * database) runs requests one at a time: statements (BEGIN/COMMIT not counted), commits (COMMITs plus
 * writes outside a transaction, each its own commit) and round trips (everything sent).
 */
import { loadConfig } from '../src/config/config.js';
import { createCompany } from '../src/domain/companies/companies.js';
import { createLogger } from '../src/lib/logger.js';
import { startService } from '../src/main/server.js';
import type { Db } from '../src/store/shared/db.js';

export interface StatementCount {
  statements: number;
  commits: number;
  roundTrips: number;
  /** The statements of one request, in order (abbreviated). */
  sample: string[];
  /** The company the requests ran in (what they stored can be read back). */
  companyId: string;
}

/**
 * `env`: settings for the service counted here, beyond this process's own. A bench whose service
 * runs on a moved clock (OUTREACH_CLOCK) passes the same, so what these requests store (their calls'
 * times) is what that service would have stored.
 */
export async function countPerRequest(
  db: Db,
  requests: (key: string, i: number) => { path: string; headers: Record<string, string>; body: string },
  n = 20,
  env: Record<string, string> = {},
): Promise<StatementCount> {
  const config = loadConfig({ ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
  const service = await startService(config, { db, migrate: false, workers: false, log: createLogger('silent') });
  const { companyId, apiKey } = await createCompany(db, 'Statements', new Date());
  const seen: Array<{ sql: string; inTransaction: boolean }> = [];
  // The callback inbox's applier runs in every API process (workers or not) and polls on a timer:
  // its statements are not the requests', and on a slow machine one lands among them.
  const listener = (q: { sql: string; __knexTxId?: string }) => {
    if (!/callback_inbox/i.test(q.sql)) seen.push({ sql: q.sql, inTransaction: Boolean(q.__knexTxId) });
  };
  const send = async (i: number) => {
    const r = requests(apiKey, i);
    const res = await fetch(service.url + r.path, {
      method: 'POST',
      headers: { ...r.headers, 'Content-Type': 'application/json' },
      body: r.body,
    });
    if (res.status >= 300) throw new Error(`statement count: ${r.path} answered ${res.status}: ${await res.text()}`);
  };
  try {
    // Steady state: the key served from memory. On Postgres that starts once the process's
    // auth-change listener listens (until then every request reads its key), so warm up until a
    // request reads no key.
    db.on('query', listener);
    for (let w = 1; w <= 50; w++) {
      const before = seen.length;
      await send(n + w); // ids after the measured ones
      if (!seen.slice(before).some((q) => /from "api_keys"/i.test(q.sql))) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    seen.length = 0;
    let sample: string[] = [];
    for (let i = 0; i < n; i++) {
      const before = seen.length;
      await send(i);
      if (i === 0) sample = seen.slice(before).map((q) => q.sql.replace(/\s+/g, ' ').slice(0, 90));
    }
    db.removeListener('query', listener);
    const control = (sql: string) => /^(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql.trim());
    const write = (sql: string) => /^\s*(insert|update|delete|with)\b/i.test(sql);
    const statements = seen.filter((q) => !control(q.sql)).length;
    const commits = seen.filter((q) => /^COMMIT\b/i.test(q.sql.trim()) || (!q.inTransaction && write(q.sql))).length;
    return { statements: statements / n, commits: commits / n, roundTrips: seen.length / n, sample, companyId };
  } finally {
    db.removeListener('query', listener);
    await service.stop();
  }
}
