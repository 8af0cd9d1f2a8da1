/**
 * The configuration module: the only code that reads the environment.
 *
 *   variables.ts  the table of every variable (default, range, meaning); the operator docs are generated from it
 *   env.ts        the one reader (names typed from the table) and the one error, ConfigError
 *   config.ts     loadConfig: the process settings, and the parts below put together
 *   jobs.ts, calls.ts, channels.ts   the settings of batch jobs, calls, email and SMS
 *
 * Direction of the settings types: src/config/ imports only src/lib/ and src/adapters/; src/jobs/ and
 * src/main/ import their settings types from here. Adapters may not import src/config/, so the settings
 * they take (ChannelOptions, the voice simulator's credentials) are declared in src/adapters/ and
 * imported here; the domain may not either, so a shape it declares (ReconcileSettings) is met
 * structurally, and tsc checks it where src/main/ passes the value on.
 */
import { loadCallConfig, type CallConfig } from './calls.js';
import { loadChannelOptions } from './channels.js';
import { ConfigError, envReader, type Env } from './env.js';
import { loadJobOptions, type JobOptions } from './jobs.js';
import { parseKey } from '../adapters/secrets/aes-gcm-box.js';
import type { ChannelOptions } from '../adapters/channel-options.js';
import { LOG_LEVELS, type LogLevel } from '../lib/logger.js';

export { ConfigError } from './env.js';

/** Process configuration from the environment; invalid values fail at start with one clear line. */
export interface Config {
  databaseUrl: string;
  /** DATABASE_POOL_MAX: connections this process may hold on Postgres (SQLite always uses one). */
  databasePoolMax: number;
  port: number;
  host: string;
  logLevel: LogLevel;
  publicBaseUrl: string;
  /** Instant from which the deprecated `test` alias is rejected. */
  testAliasSunset: Date;
  bodyLimitBytes: number;
  /** After SIGTERM: how long /readyz answers 503 while requests are still served, before connections drain. */
  shutdownDelayMs: number;
  /** Batch job workers and queue (src/config/jobs.ts). */
  jobs: JobOptions;
  /** Calls: clock, voice provider and simulator, recordings, dispatcher (src/config/calls.ts). */
  calls: CallConfig;
  /** OUTREACH_CONFIG_KEY: encrypts secrets in company configuration (docs/partners/lms.md#secrets); unset → see configKeySource. */
  configKey?: Buffer;
  /** Email and SMS delivery (src/config/channels.ts). */
  channels: ChannelOptions;
}

export function loadConfig(env: Env = process.env): Config {
  const r = envReader(env);
  const port = r.int('PORT', { emptyIsZero: { expected: (min, max) => `${min}-${max}` } });
  const databaseUrl = r.filled('DATABASE_URL');
  if (!/^(postgres|postgresql|sqlite):/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres://, postgresql:// or sqlite:');
  }
  const databasePoolMax = r.int('DATABASE_POOL_MAX', {
    emptyIsZero: { expected: (min, max) => `an integer ${min}-${max}` },
  });
  const logLevel = r.oneOf('LOG_LEVEL', LOG_LEVELS, { lowercase: true });
  const shutdownDelayMs = r.int('OUTREACH_SHUTDOWN_DELAY_MS', {
    emptyIsZero: { expected: (min, max) => `an integer ${min}-${max}` },
  });
  const testAliasSunset = r.date('OUTREACH_TEST_ALIAS_SUNSET');
  const host = r.value('HOST');
  const publicBaseUrl = (
    r.raw('PUBLIC_BASE_URL') ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`
  ).replace(/\/$/, '');
  const jobs = loadJobOptions(r);
  const calls = loadCallConfig(r, databaseUrl);
  const channels = loadChannelOptions(r);
  let configKey: Buffer | undefined;
  const keyText = r.raw('OUTREACH_CONFIG_KEY');
  if (keyText) {
    configKey = parseKey(keyText);
    if (!configKey)
      throw new ConfigError(
        'OUTREACH_CONFIG_KEY must be a 32-byte key written as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)',
      );
  }
  return {
    databaseUrl,
    databasePoolMax,
    port,
    host,
    logLevel,
    publicBaseUrl,
    testAliasSunset,
    bodyLimitBytes: 10 * 1024 * 1024,
    shutdownDelayMs,
    jobs,
    calls,
    channels,
    configKey,
  };
}
