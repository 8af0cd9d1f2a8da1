import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import type { LmsResolver } from '../../src/domain/ports/lms.js';
import type { ContractViolation } from '../../src/http/api.js';
import { createLogger, type LogLevel } from '../../src/lib/logger.js';
import { startService, type RunningService, type StartOptions } from '../../src/main/server.js';
import type { Db } from '../../src/store/shared/db.js';

export interface TestService {
  service: RunningService;
  url: string;
  /** Responses that broke the contract; every suite asserts this stays empty. */
  violations: ContractViolation[];
  /** A new company and its API key. */
  company(name?: string): Promise<{ companyId: string; apiKey: string }>;
  call(method: string, path: string, opts?: CallOptions): Promise<CallResult>;
  stop(): Promise<void>;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
}

export interface TestServiceOptions {
  now?: () => Date;
  env?: Record<string, string>;
  /** Run batch workers in the service (default true); false for an API-only process. */
  workers?: boolean;
  /** Replaces how batch rows run (fault injection). */
  rows?: StartOptions['rows'];
  /** LMS connectors (default: the real adapters with an in-memory configuration key). */
  lms?: LmsResolver;
}

/** The real service on a loopback port over a test database, validating every response against the contract. */
export async function startTestService(db: Db, opts: TestServiceOptions = {}): Promise<TestService> {
  const violations: ContractViolation[] = [];
  // Calls are placed only by suites that ask for it (OUTREACH_CALLS_DISPATCH: 'on'); planning suites see them stay pending.
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    OUTREACH_CALLS_DISPATCH: 'off',
    // The simulator's account limit is shared by every suite of a worker that dials through it: suites
    // about account limits store or read them themselves (test/calls/account-limits.test.ts).
    OUTREACH_VOICE_ACCOUNT_READ_SECONDS: '0',
    OUTREACH_RECORDINGS_DIR: path.join(os.tmpdir(), `outreach-recordings-${process.pid}`),
    ...opts.env,
  };
  const config = { ...loadConfig(env), databaseUrl: 'sqlite::memory:' };
  const service = await startService(config, {
    db,
    migrate: false,
    now: opts.now,
    // TEST_LOG_LEVEL=error (or info) shows the service's own log while debugging a test.
    log: createLogger((process.env.TEST_LOG_LEVEL as LogLevel | undefined) ?? 'silent'),
    validateResponses: true,
    workers: opts.workers,
    rows: opts.rows,
    lms: opts.lms,
    onContractViolation: (v) => violations.push(v),
  });
  const now = opts.now ?? (() => new Date());
  return {
    service,
    url: service.url,
    violations,
    company: (name = 'Acme Lending') => createCompany(db, name, now()),
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.key !== undefined) headers['X-API-Key'] = o.key;
      let body: string | undefined = o.rawBody;
      if (body === undefined && o.body !== undefined) body = JSON.stringify(o.body);
      if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
        headers['Content-Type'] = 'application/json';
      const res = await fetch(service.url + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* keep text */
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    stop: () => service.stop(),
  };
}
