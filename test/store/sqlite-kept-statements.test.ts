import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/store/shared/db.js';
import { KEPT_STATEMENTS, type SqliteConnection } from '../../src/store/shared/sqlite-statements.js';
import { runPrepared } from '../../src/store/shared/prepared.js';

interface Pool {
  acquireConnection(): Promise<SqliteConnection>;
  releaseConnection(conn: SqliteConnection): Promise<void>;
}

/** SQLite only: the statements Knex and runPrepared keep per better-sqlite3 connection (src/store/shared/sqlite-statements.ts). */
describe('SQLite statements kept per connection', () => {
  let dir: string;
  let db: Db;
  let prepared: string[];

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-statements-'));
    db = openDb(`sqlite:${path.join(dir, 'test.db')}`);
    await db.schema.createTable('things', (t) => {
      t.integer('id').primary();
      t.string('name');
    });
    // Count what the pool's one connection prepares from here on.
    const pool = db.client as unknown as Pool;
    const conn = await pool.acquireConnection();
    const prepare = conn.prepare.bind(conn);
    prepared = [];
    conn.prepare = (sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    };
    await pool.releaseConnection(conn);
  });

  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prepares a query once and answers every later call with the kept statement, reads and writes alike', async () => {
    for (let i = 1; i <= 3; i++) await db('things').insert({ id: i, name: `thing ${i}` });
    expect(await db('things').where({ id: 2 }).first()).toEqual({ id: 2, name: 'thing 2' });
    expect(await db('things').where({ id: 3 }).first()).toEqual({ id: 3, name: 'thing 3' });
    expect(await db('things').where({ id: 1 }).update({ name: 'renamed' })).toBe(1);
    expect(await db('things').where({ id: 9 }).update({ name: 'renamed' })).toBe(0);
    expect(prepared.filter((sql) => sql.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((sql) => sql.startsWith('select'))).toHaveLength(1);
    expect(prepared.filter((sql) => sql.startsWith('update'))).toHaveLength(1);
  });

  it('shares the kept statements with runPrepared, which takes `$n` placeholders', async () => {
    await db('things').insert({ id: 1, name: 'one' });
    const statement = { name: 'thing_by_id', text: 'SELECT name FROM things WHERE id = $1' };
    expect(await runPrepared(db, statement, [1])).toEqual([{ name: 'one' }]);
    expect(await runPrepared(db, statement, [2])).toEqual([]);
    expect(prepared.filter((sql) => sql === 'SELECT name FROM things WHERE id = ?')).toHaveLength(1);
  });

  it('a kept statement reads the table as it is after a migration changed it', async () => {
    await db('things').insert({ id: 1, name: 'one' });
    expect(await db('things').select('*')).toEqual([{ id: 1, name: 'one' }]);
    await db.schema.alterTable('things', (t) => t.string('colour').defaultTo('blue'));
    expect(await db('things').select('*')).toEqual([{ id: 1, name: 'one', colour: 'blue' }]);
    expect(prepared.filter((sql) => sql === 'select * from `things`')).toHaveLength(1);
  });

  it(`keeps at most ${KEPT_STATEMENTS} statements, the most recently used`, async () => {
    await db('things').insert({ id: 1, name: 'one' });
    const distinct = (n: number) => db.raw(`select id, ${n} as n from things`); // a text of its own per n
    for (let n = 0; n < KEPT_STATEMENTS; n++) await distinct(n);
    await distinct(0); // used again: now the most recent
    await distinct(KEPT_STATEMENTS); // one more: the least recently used (n = 1) goes
    const before = prepared.length;
    await distinct(0);
    expect(prepared.length).toBe(before);
    await distinct(2);
    expect(prepared.length).toBe(before);
    await distinct(1);
    expect(prepared.length).toBe(before + 1);
  });

  it('a query with its own integer mode gets a statement of its own, so the mode does not outlive it', async () => {
    await db('things').insert({ id: 1, name: 'one' });
    const sql = 'select id from things';
    expect(await db.raw(sql)).toEqual([{ id: 1 }]);
    expect(await db.raw(sql).options({ safeIntegers: true })).toEqual([{ id: 1n }]);
    expect(await db.raw(sql)).toEqual([{ id: 1 }]);
  });
});
