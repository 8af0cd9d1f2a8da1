import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.js';

describe('configuration', () => {
  it('defaults to the embedded SQLite database on port 3000', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ databaseUrl: 'sqlite:./data/outreach.db', port: 3000, host: '127.0.0.1' });
    expect(c.testAliasSunset.toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(c.databasePoolMax).toBe(10);
  });

  it('sizes the Postgres pool from DATABASE_POOL_MAX', async () => {
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax).toBe(40);
    const { openDb } = await import('../src/store/shared/db.js');
    const db = openDb('postgres://nobody@127.0.0.1:1/none', { poolMax: loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax });
    expect((db.client as { pool: { max: number } }).pool.max).toBe(40);
    await db.destroy();
  });

  it('reads OUTREACH_CONFIG_KEY as hex or base64', () => {
    expect(loadConfig({ OUTREACH_CONFIG_KEY: 'ab'.repeat(32) }).configKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ OUTREACH_CONFIG_KEY: Buffer.alloc(32, 1).toString('base64') }).configKey).toEqual(Buffer.alloc(32, 1));
    expect(loadConfig({}).configKey).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be 0-65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ DATABASE_POOL_MAX: '0' }, /DATABASE_POOL_MAX must be an integer 1-1000/],
    [{ DATABASE_POOL_MAX: 'many' }, /DATABASE_POOL_MAX must be an integer 1-1000/],
    [{ OUTREACH_TEST_ALIAS_SUNSET: 'someday' }, /not a date/],
    [{ OUTREACH_CONFIG_KEY: 'short' }, /OUTREACH_CONFIG_KEY must be a 32-byte key written as 64 hex digits or base64/],
  ])('rejects %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
