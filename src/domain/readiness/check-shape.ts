import type { CompanyConfig } from '../shared/company-config.js';

/**
 * The readiness check shape of the voice go-live work (issue 38, `outreach doctor`), as the common
 * brief gives it. This branch defines it here because main has none yet; the voice branch's
 * `readiness.ts` has the same `ReadinessCheck` and `ReadinessResult`, and a `ReadinessContext`
 * that has every field of the one below, so these checks run in its list unchanged.
 */
export interface ReadinessContext {
  companyId: string;
  config: CompanyConfig;
}

export interface ReadinessCheck {
  id: string;
  title: string;
  run(ctx: ReadinessContext): Promise<ReadinessResult>;
}

export interface ReadinessResult {
  ok: boolean;
  detail: string;
  fix?: string;
}
