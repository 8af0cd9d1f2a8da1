import type { TestService } from './service.js';

/** A valid customer-create row (today's contract). */
export function customerRow(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    timezone: 'America/New_York',
    phoneNumber: '(212) 736-5000',
    taskType: 'PendingLoanNewLead',
    email: 'ada@example.com',
    streetAddress1: '1 Main St',
    city: 'New York',
    state: 'NY',
    zipCode: '10001',
    ...overrides,
  };
}

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
