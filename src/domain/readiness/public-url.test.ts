import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig } from '../shared/company-config.js';
import type { ReadinessContext } from './readiness.js';
import { runReadiness } from './readiness.js';
import { PUBLIC_URL_CHECK } from './voice-checks.js';

const ctx = (publicBaseUrl: string, probe: (url: string) => Promise<number>): ReadinessContext => ({
  db: undefined as never, // the check reads no table
  companyId: 'c1',
  config: defaultCompanyConfig(),
  publicBaseUrl,
  voice: null,
  ownVoiceAccount: false,
  defaultMaxConcurrentCalls: 10,
  probe,
});

describe('the PUBLIC_BASE_URL check', () => {
  it('plain http fails without a request', async () => {
    const asked: string[] = [];
    const [r] = await runReadiness(
      [PUBLIC_URL_CHECK],
      ctx('http://outreach.example.com', async (u) => (asked.push(u), 200)),
    );
    expect(r).toMatchObject({ ok: false, fix: expect.stringMatching(/https/) });
    expect(asked).toEqual([]);
  });

  it('https is asked for /healthz under the base path: 2xx passes, another status or no answer fails', async () => {
    const asked: string[] = [];
    const [ok] = await runReadiness(
      [PUBLIC_URL_CHECK],
      ctx('https://x.example.com/outreach/', async (u) => (asked.push(u), 200)),
    );
    expect(ok.ok).toBe(true);
    expect(asked).toEqual(['https://x.example.com/outreach/healthz']);
    const [down] = await runReadiness(
      [PUBLIC_URL_CHECK],
      ctx('https://x.example.com', async () => 503),
    );
    expect(down).toMatchObject({ ok: false, detail: 'https://x.example.com/healthz answered 503' });
    const [silent] = await runReadiness(
      [PUBLIC_URL_CHECK],
      ctx('https://x.example.com', async () => Promise.reject(new Error('getaddrinfo ENOTFOUND'))),
    );
    expect(silent).toMatchObject({ ok: false, detail: expect.stringMatching(/did not answer: getaddrinfo ENOTFOUND/) });
  });

  it('a check that throws fails with the error, and the others still run', async () => {
    const boom = { id: 'boom', title: 'Boom', run: () => Promise.reject(new Error('account down')) };
    const report = await runReadiness(
      [boom, PUBLIC_URL_CHECK],
      ctx('https://x.example.com', async () => 200),
    );
    expect(report.map((r) => [r.id, r.ok])).toEqual([
      ['boom', false],
      ['public-base-url', true],
    ]);
    expect(report[0].detail).toMatch(/account down/);
  });
});
