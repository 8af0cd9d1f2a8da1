import { type CallConfig, CallConfigError, loadCallConfig } from './call-config.js';
import { parseKey } from '../adapters/secrets/aes-gcm-box.js';
import { LOG_LEVELS, type LogLevel } from '../lib/logger.js';
import { type ChannelOptions, ChannelOptionsError, loadChannelOptions } from '../adapters/channel-options.js';
import { type JobOptions, JobOptionsError, loadJobOptions } from '../jobs/options.js';

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
  /** Batch job workers and queue (src/jobs/options.ts). */
  jobs: JobOptions;
  /** Calls: clock, voice provider and simulator, recordings, dispatcher (src/config/call-config.ts). */
  calls: CallConfig;
  /** OUTREACH_CONFIG_KEY: encrypts secrets in company configuration (README "LMS"); unset → see configKeySource. */
  configKey?: Buffer;
  /** Email and SMS delivery (src/adapters/channel-options.ts). */
  channels: ChannelOptions;
}

export class ConfigError extends Error {}


export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be 0-65535, got "${env.PORT}"`);
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/outreach.db';
  if (!/^(postgres|postgresql|sqlite):/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres://, postgresql:// or sqlite:');
  }
  const databasePoolMax = Number(env.DATABASE_POOL_MAX ?? 10);
  if (!Number.isInteger(databasePoolMax) || databasePoolMax < 1 || databasePoolMax > 1000) {
    throw new ConfigError(`DATABASE_POOL_MAX must be an integer 1-1000, got "${env.DATABASE_POOL_MAX}"`);
  }
  const logLevel = (env.LOG_LEVEL ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const shutdownDelayMs = Number(env.OUTREACH_SHUTDOWN_DELAY_MS ?? 5000);
  if (!Number.isInteger(shutdownDelayMs) || shutdownDelayMs < 0 || shutdownDelayMs > 600_000) {
    throw new ConfigError(`OUTREACH_SHUTDOWN_DELAY_MS must be an integer 0-600000, got "${env.OUTREACH_SHUTDOWN_DELAY_MS}"`);
  }
  const sunsetText = env.OUTREACH_TEST_ALIAS_SUNSET ?? '2026-10-25';
  const testAliasSunset = new Date(/T/.test(sunsetText) ? sunsetText : `${sunsetText}T00:00:00Z`);
  if (Number.isNaN(testAliasSunset.getTime())) throw new ConfigError(`OUTREACH_TEST_ALIAS_SUNSET is not a date: "${sunsetText}"`);
  const host = env.HOST ?? '127.0.0.1';
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`).replace(/\/$/, '');
  let jobs: JobOptions;
  try {
    jobs = loadJobOptions(env);
  } catch (err) {
    if (err instanceof JobOptionsError) throw new ConfigError(err.message);
    throw err;
  }
  let calls: CallConfig;
  try {
    calls = loadCallConfig(env, databaseUrl);
  } catch (err) {
    if (err instanceof CallConfigError) throw new ConfigError(err.message);
    throw err;
  }
  let channels: ChannelOptions;
  try {
    channels = loadChannelOptions(env);
  } catch (err) {
    if (err instanceof ChannelOptionsError) throw new ConfigError(err.message);
    throw err;
  }
  let configKey: Buffer | undefined;
  if (env.OUTREACH_CONFIG_KEY) {
    configKey = parseKey(env.OUTREACH_CONFIG_KEY);
    if (!configKey) throw new ConfigError('OUTREACH_CONFIG_KEY must be a 32-byte key written as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)');
  }
  return { databaseUrl, databasePoolMax, port, host, logLevel, publicBaseUrl, testAliasSunset, bodyLimitBytes: 10 * 1024 * 1024, shutdownDelayMs, jobs, calls, channels, configKey };
}
