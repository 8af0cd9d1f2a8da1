import type { TestService } from './service.js';

const FINAL = ['completed', 'failed', 'cancelled'];

/**
 * Polls a batch job until it is final and returns its body. No timing is asserted: a job that never
 * finishes fails the test through the test timeout.
 */
export async function waitForJob(t: TestService, key: string, path: string): Promise<any> {
  for (;;) {
    const res = await t.call('GET', path, { key });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (FINAL.includes(res.body.status)) return res.body;
    await new Promise((r) => setTimeout(r, 20));
  }
}
