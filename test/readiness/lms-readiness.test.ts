import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perCompanyLimit } from '../../src/adapters/lms/http-reader.js';
import { loanProConnector } from '../../src/adapters/lms/loanpro.js';
import { lmsReadinessChecks } from '../../src/domain/readiness/lms.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { readSeedFile } from '../../src/simulators/loanpro/seed.js';
import { startLoanProSimulator, type LoanProSimulator } from '../../src/simulators/loanpro/server.js';

const SEED = new URL('../../src/simulators/loanpro/demo-seed.json', import.meta.url).pathname;

/** The check reads the LoanPro simulator through the real adapter. No database. */
describe('LMS readiness row', () => {
  let sim: LoanProSimulator;
  beforeAll(async () => void (sim = await startLoanProSimulator(readSeedFile(SEED))));
  afterAll(() => sim.close());

  const config = (baseUrl: string, token: string) => ({
    ...defaultCompanyConfig(),
    lms: { kind: 'loanpro' as const, baseUrl, instanceId: sim.instanceId, token },
  });
  const check = lmsReadinessChecks((_companyId, c) =>
    c.lms
      ? loanProConnector(
          { baseUrl: c.lms.baseUrl, instanceId: c.lms.instanceId, token: c.lms.token },
          { timeoutMs: 2_000, retries: 0, backoffMs: 1, limit: perCompanyLimit(2) },
        )
      : undefined,
  )[0];

  it('passes when LoanPro answers with the configured ids', async () => {
    expect(check.id).toBe('lms.reachable');
    expect(await check.run({ companyId: 'co', config: config(sim.baseUrl, sim.token) })).toMatchObject({ ok: true });
  });

  it('fails with the fix when the token is refused or nothing answers', async () => {
    expect(await check.run({ companyId: 'co', config: config(sim.baseUrl, 'wrong') })).toMatchObject({
      ok: false,
      detail: expect.stringContaining('rejected the credentials'),
      fix: expect.stringContaining('lms.token'),
    });
    expect(await check.run({ companyId: 'co', config: config('http://127.0.0.1:9/api', sim.token) })).toMatchObject({
      ok: false,
      detail: expect.stringContaining('unavailable'),
      fix: expect.stringContaining('lms.baseUrl'),
    });
  });

  it('fails when the base URL reaches no LoanPro endpoint: a 404 that is not about an id is not "not found"', async () => {
    expect(await check.run({ companyId: 'co', config: config(`${sim.baseUrl}/typo`, sim.token) })).toMatchObject({
      ok: false,
      detail: expect.stringContaining('HTTP 404'),
      fix: expect.stringContaining('lms.baseUrl'),
    });
  });

  it('passes without an LMS: nothing to reach', async () => {
    expect(await check.run({ companyId: 'co', config: defaultCompanyConfig() })).toMatchObject({ ok: true });
  });

  describe('the sub-status mapping row', () => {
    const row = lmsReadinessChecks(() => undefined)[1];
    const withMapping = (subStatusEffects?: Record<string, string>) => ({
      ...config(sim.baseUrl, sim.token),
      lms: { ...config(sim.baseUrl, sim.token).lms, ...(subStatusEffects ? { subStatusEffects } : {}) },
    });

    it("passes on LoanPro's default sub-statuses and prints them for the lender to compare", async () => {
      expect(row.id).toBe('lms.sub-statuses');
      const result = await row.run({ companyId: 'co', config: withMapping() as never });
      expect(result).toMatchObject({ ok: true });
      expect(result.detail).toContain('"Open-bankruptcy" → bankruptcy');
      expect(result.detail).toContain("LoanPro's default sub-statuses");
    });

    it('fails on two spellings of one name with different effects, and on a mapping without bankruptcy', async () => {
      expect(
        await row.run({
          companyId: 'co',
          config: withMapping({ 'Open - Bankruptcy': 'bankruptcy', 'open-BANKRUPTCY': 'deceased' }) as never,
        }),
      ).toMatchObject({ ok: false, detail: expect.stringContaining('are the same sub-status name') });
      expect(
        await row.run({ companyId: 'co', config: withMapping({ 'Closed - Charged Off': 'charged_off' }) as never }),
      ).toMatchObject({ ok: false, detail: expect.stringContaining('maps no sub-status to bankruptcy') });
    });

    it('passes without an LMS', async () => {
      expect(await row.run({ companyId: 'co', config: defaultCompanyConfig() })).toMatchObject({ ok: true });
    });
  });
});
