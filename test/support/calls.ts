import { signPayload, SIGNATURE_HEADER } from '../../src/adapters/voice/protocol.js';
import type { TestService } from './service.js';

/** Polls until `check` returns a value (not undefined), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 45_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the scheduled call leaves pending/dialing and returns it. */
export async function settledScheduledCall(t: TestService, key: string, id: string): Promise<any> {
  return eventually(async () => {
    const res = await t.call('GET', `/scheduled-calls/${id}`, { key });
    return ['pending', 'dialing'].includes(res.body.status) ? undefined : res.body;
  }, 60_000, `scheduled call ${id} to settle`);
}

/** Posts a callback as a provider would, signed with `secret` at `signedAt`. */
export async function postCallback(t: TestService, provider: string, body: string, secret: string, signedAt = new Date()): Promise<{ status: number; body: any }> {
  const res = await t.call('POST', `/callbacks/voice/${provider}`, { rawBody: body, headers: { [SIGNATURE_HEADER]: signPayload(secret, body, signedAt) } });
  return { status: res.status, body: res.body };
}
