import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/store/shared/db.js';
import { runPrepared } from '../../src/store/shared/prepared.js';

/** runPrepared on SQLite: prepared once per connection, `$n` bound in order, booleans as 1/0, writes without rows. */
describe('prepared statements on sqlite', () => {
  const file = path.join(os.tmpdir(), `outreach-prepared-${randomBytes(4).toString('hex')}.db`);
  let db: Db;
  beforeAll(async () => {
    db = openDb(`sqlite:${file}`);
    await db.raw('CREATE TABLE t (a TEXT, b TEXT, flag INTEGER)');
  });
  afterAll(async () => {
    await db.destroy();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  });

  it('binds $1…$n in order and booleans as 1/0; a write without RETURNING gives no rows; each statement is prepared once', async () => {
    const conn = (await db.client.acquireConnection()) as { prepare(sql: string): unknown };
    await db.client.releaseConnection(conn);
    const prepared: string[] = [];
    const original = conn.prepare.bind(conn);
    conn.prepare = (sql: string) => (prepared.push(sql), original(sql));

    const insert = { name: 'test_insert', text: 'INSERT INTO t (a, b, flag) VALUES ($1, $2, $3)' };
    expect(await runPrepared(db, insert, ['x', 'y', true])).toEqual([]);
    expect(await runPrepared(db, insert, ['x', 'z', false])).toEqual([]);
    const select = { name: 'test_select', text: 'SELECT b, flag FROM t WHERE a = $1 ORDER BY b' };
    expect(await runPrepared(db, select, ['x'])).toEqual([
      { b: 'y', flag: 1 },
      { b: 'z', flag: 0 },
    ]);
    expect(await runPrepared(db, select, ['nobody'])).toEqual([]);
    expect(prepared).toEqual([
      'INSERT INTO t (a, b, flag) VALUES (?, ?, ?)',
      'SELECT b, flag FROM t WHERE a = ? ORDER BY b',
    ]);
  });

  it('refuses a statement whose placeholders are not $1…$n once each, in order (they could not be bound right)', async () => {
    await expect(
      runPrepared(db, { name: 'test_swapped', text: 'SELECT * FROM t WHERE b = $2 AND a = $1' }, ['x', 'y']),
    ).rejects.toThrow(/\$1…\$n once each, in order/);
  });
});
