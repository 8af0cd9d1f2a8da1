import { describe, expect, it } from 'vitest';
import { checkSignature, signPayload } from './protocol.js';

const body = Buffer.from('{"event":"call_started","event_id":"e1","call":{}}');
const at = new Date('2026-12-08T15:00:00Z');

describe('callback signatures (HMAC-SHA256 over "<t>.<raw body>")', () => {
  it('accepts its own signature within 5 minutes either way', () => {
    const header = signPayload('s3cret', body, at);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(checkSignature('s3cret', body, header, new Date(at.getTime() + 299_000))).toEqual({ ok: true });
    expect(checkSignature('s3cret', body, header, new Date(at.getTime() - 299_000))).toEqual({ ok: true });
  });

  it.each([
    ['another secret', () => checkSignature('other', body, signPayload('s3cret', body, at), at), 'signature'],
    ['a changed body', () => checkSignature('s3cret', Buffer.from(`${body} `), signPayload('s3cret', body, at), at), 'signature'],
    ['a changed timestamp', () => checkSignature('s3cret', body, signPayload('s3cret', body, at).replace(/t=\d+/, `t=${at.getTime() / 1000 + 1}`), at), 'signature'],
    ['no header', () => checkSignature('s3cret', body, undefined, at), 'signature'],
    ['a short digest', () => checkSignature('s3cret', body, 't=1,v1=abcd', at), 'signature'],
    ['a timestamp 5 minutes and 1 second old', () => checkSignature('s3cret', body, signPayload('s3cret', body, at), new Date(at.getTime() + 301_000)), 'stale'],
  ])('rejects %s', (_name, check, reason) => {
    expect(check()).toMatchObject({ ok: false, reason });
  });
});
