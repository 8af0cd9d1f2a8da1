import { describe, expect, it } from 'vitest';
import { paymentLinkToken, readPaymentLinkToken } from './tokens.js';

const SECRET = 'a-signing-secret-of-some-length';
const ID = '0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90';
const EXPIRES = new Date('2026-12-10T16:00:00.000Z');

describe('payment link tokens', () => {
  it('carry the link id and its expiry, signed, in under 60 URL-safe characters', () => {
    const token = paymentLinkToken(SECRET, ID, EXPIRES);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(token.length).toBeLessThan(60);
    expect(readPaymentLinkToken(SECRET, token)).toEqual({ kind: 'valid', id: ID, expiresAt: EXPIRES });
  });

  it('are refused when altered, signed with another key or malformed', () => {
    const token = paymentLinkToken(SECRET, ID, EXPIRES);
    const [id, expiry, signature] = token.split('.');
    const otherId = paymentLinkToken(SECRET, '0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a91', EXPIRES).split('.')[0];
    for (const bad of [
      `${otherId}.${expiry}.${signature}`, // another link's id
      `${id}.${(parseInt(expiry, 36) + 1).toString(36)}.${signature}`, // a later expiry
      paymentLinkToken('another-secret-of-some-length', ID, EXPIRES),
      `${id}.${expiry}`,
      `${id}.${expiry}.${signature}.x`,
      '',
      'x'.repeat(2000),
      `${id}.${expiry}.${signature.slice(0, 21)}`,
    ])
      expect(readPaymentLinkToken(SECRET, bad), bad).toEqual({ kind: 'invalid' });
  });
});
