import type { CompanyConfig } from '../shared/company-config.js';
import type { Db } from '../../store/shared/db.js';
import type { VoiceProvider } from '../ports/voice-provider.js';

/**
 * What a go-live check reads: the company, its configuration and its outside accounts, as the
 * process would use them. Other capabilities add their checks (and, where they need one, their
 * account here) without changing the shape of a check.
 */
export interface ReadinessContext {
  db: Db;
  companyId: string;
  config: CompanyConfig;
  /** PUBLIC_BASE_URL: where providers post webhooks. */
  publicBaseUrl: string;
  /**
   * The account the company's live calls go through (its own, else the operator's), or null
   * when no provider is configured (every call goes to the simulator).
   */
  voice: VoiceProvider | null;
  /** `voice` is the company's own account (`calls.provider`). */
  ownVoiceAccount: boolean;
  /** The operator's per-company concurrency default (OUTREACH_CALLS_MAX_CONCURRENT_PER_COMPANY). */
  defaultMaxConcurrentCalls: number;
  /** GETs a URL over the network and answers its HTTP status (throws when nothing answers). */
  probe(url: string): Promise<number>;
}

/** One line of the go-live checklist. */
export interface ReadinessCheck {
  id: string;
  title: string;
  run(ctx: ReadinessContext): Promise<ReadinessResult>;
}

/** A check's answer: `fix` says what to change when it is not ok. */
export interface ReadinessResult {
  ok: boolean;
  detail: string;
  fix?: string;
}

export type ReadinessReport = Array<{ id: string; title: string } & ReadinessResult>;

/**
 * Runs the checks in order, each on its own: one that throws (an account that does not answer)
 * fails with the error as its detail, and the others still run.
 */
export async function runReadiness(checks: readonly ReadinessCheck[], ctx: ReadinessContext): Promise<ReadinessReport> {
  const report: ReadinessReport = [];
  for (const check of checks) {
    let result: ReadinessResult;
    try {
      result = await check.run(ctx);
    } catch (err) {
      result = {
        ok: false,
        detail: `the check could not run: ${(err as Error).message}`,
        fix: 'retry; if it persists, check the account credentials and the provider status',
      };
    }
    report.push({ id: check.id, title: check.title, ...result });
  }
  return report;
}
