import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { VARIABLES } from '../../src/config/variables.js';

/** An environment that records every variable read. */
function recording(values: Record<string, string>) {
  const read = new Set<string>();
  const env = new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key === 'string') read.add(key);
        return typeof key === 'string' ? values[key] : undefined;
      },
    },
  );
  return { env, read };
}

/** The configuration as comparable data (the generated signing secret is random). */
const comparable = (env: Record<string, string>) => {
  const c = loadConfig(env);
  return {
    ...c,
    calls: { ...c.calls, signingSecret: c.calls.signingSecretGenerated ? '<random>' : c.calls.signingSecret },
  };
};

describe('configuration', () => {
  it('defaults to the embedded SQLite database on port 3000', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ databaseUrl: 'sqlite:./data/outreach.db', port: 3000, host: '127.0.0.1' });
    expect(c.testAliasSunset.toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(c.databasePoolMax).toBe(10);
  });

  it('sizes the Postgres pool from DATABASE_POOL_MAX', async () => {
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax).toBe(40);
    const { openDb } = await import('../../src/store/shared/db.js');
    const db = openDb('postgres://nobody@127.0.0.1:1/none', {
      poolMax: loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax,
    });
    expect((db.client as { pool: { max: number } }).pool.max).toBe(40);
    await db.destroy();
  });

  it('reads OUTREACH_CONFIG_KEY as hex or base64', () => {
    expect(loadConfig({ OUTREACH_CONFIG_KEY: 'ab'.repeat(32) }).configKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ OUTREACH_CONFIG_KEY: Buffer.alloc(32, 1).toString('base64') }).configKey).toEqual(
      Buffer.alloc(32, 1),
    );
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

  it.each([
    [{ OUTREACH_JOBS_CONCURRENCY: '0' }, 'OUTREACH_JOBS_CONCURRENCY must be an integer from 1 to 64, got "0"'],
    [{ OUTREACH_PGBOSS_SCHEMA: '1bad' }, 'OUTREACH_PGBOSS_SCHEMA must be a plain identifier, got "1bad"'],
    [
      { OUTREACH_WEBHOOK_TIMEOUT_MS: '1.5' },
      'OUTREACH_WEBHOOK_TIMEOUT_MS must be an integer from 100 to 120000, got "1.5"',
    ],
    [
      { OUTREACH_CLOCK: '2026-12-08' },
      'OUTREACH_CLOCK must be an ISO instant such as 2026-12-08T15:00:00Z, got "2026-12-08"',
    ],
    [{ OUTREACH_VOICE_BASE_URL: 'ftp://x' }, 'OUTREACH_VOICE_BASE_URL must be an http(s) URL, got "ftp://x"'],
    [{ OUTREACH_CALLS_DISPATCH: 'ON' }, 'OUTREACH_CALLS_DISPATCH must be on or off, got "ON"'],
    [{ OUTREACH_VOICE_FROM_NUMBER: '555' }, 'OUTREACH_VOICE_FROM_NUMBER must be E.164, got "555"'],
    [{ OUTREACH_SIGNING_SECRET: 'short' }, 'OUTREACH_SIGNING_SECRET must be at least 16 characters'],
    [
      { OUTREACH_CALLS_RECONCILE_AFTER_SECONDS: '8000' },
      'OUTREACH_CALLS_RESULT_DEADLINE_SECONDS must not be shorter than OUTREACH_CALLS_RECONCILE_AFTER_SECONDS',
    ],
    [{ OUTREACH_SMTP_URL: 'http://mail' }, 'OUTREACH_SMTP_URL must be a ^smtps?:\\/\\/ URL, got "http://mail"'],
    [
      { OUTREACH_SMS_URL: 'https://sms.example' },
      'OUTREACH_SMS_URL needs OUTREACH_SMS_ACCOUNT_SID and OUTREACH_SMS_AUTH_TOKEN',
    ],
    [
      {
        OUTREACH_SANDBOX_SMS_URL: 'http://127.0.0.1:1',
        OUTREACH_SANDBOX_SMS_ACCOUNT_SID: 'ACa',
        OUTREACH_SANDBOX_SMS_AUTH_TOKEN: 't',
        OUTREACH_SANDBOX_SMS_FROM: '12',
      },
      'OUTREACH_SANDBOX_SMS_FROM must be an E.164 number, got "12"',
    ],
    [
      { OUTREACH_SMS_URL: 'https://api.twilio.com', OUTREACH_SMS_ACCOUNT_SID: 'SK1', OUTREACH_SMS_AUTH_TOKEN: 't' },
      'OUTREACH_SMS_ACCOUNT_SID must be a Twilio Account SID (AC…), got "SK1"',
    ],
    [{ OUTREACH_MESSAGES_BATCH: '1001' }, 'OUTREACH_MESSAGES_BATCH must be an integer from 1 to 1000, got "1001"'],
  ])('jobs, calls and channels fail with the same ConfigError: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('reads only the variables of the table, and every one of them', () => {
    const names = new Set<string>(VARIABLES.map((v) => v.name));
    const plain = recording({});
    loadConfig(plain.env);
    // Variables read only once another is set (credentials beside a URL) are read with it set.
    const full = recording({
      OUTREACH_VOICE_BASE_URL: 'https://voice.example',
      OUTREACH_VOICE_API_KEY: 'key',
      OUTREACH_SMS_URL: 'https://sms.example',
      OUTREACH_SMS_ACCOUNT_SID: 'AC1',
      OUTREACH_SMS_AUTH_TOKEN: 'token',
      OUTREACH_SANDBOX_SMS_URL: 'http://127.0.0.1:1',
      OUTREACH_SANDBOX_SMS_ACCOUNT_SID: 'AC2',
      OUTREACH_SANDBOX_SMS_AUTH_TOKEN: 'token',
      OUTREACH_SANDBOX_RND_URL: 'http://127.0.0.1:2',
    });
    loadConfig(full.env);
    const read = new Set([...plain.read, ...full.read]);
    expect([...read].filter((name) => !names.has(name))).toEqual([]);
    const readElsewhere = new Set<string>(VARIABLES.filter((v) => 'readBy' in v).map((v) => v.name));
    expect([...names].filter((name) => !read.has(name) && !readElsewhere.has(name))).toEqual([]);
  });

  it.each(VARIABLES.filter((v) => 'default' in v).map((v) => [v.name, (v as { default: string }).default]))(
    'the table default of %s, %s, is what unset means',
    (name, value) => {
      expect(comparable({ [name]: value })).toEqual(comparable({}));
    },
  );
});
