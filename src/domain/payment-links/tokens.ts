import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A payment link's token (`GET /pay/{token}`): the link's id, its expiry and an HMAC-SHA256 over
 * both keyed with the service's signing secret (OUTREACH_SIGNING_SECRET), so nobody can make or
 * alter a link, and a forged or expired one is refused before the database is read. Short enough
 * for a text: 22 characters of id, the expiry in base 36 and 22 of signature (the first 128 bits
 * of the HMAC), about 53 in all. Node's own crypto: no package is needed for one HMAC
 * (docs/architecture/libraries.md).
 */
export function paymentLinkToken(secret: string, id: string, expiresAt: Date): string {
  const idPart = Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url');
  const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${idPart}.${expiry}.${sign(secret, id, expiry)}`;
}

export type TokenReading = { kind: 'valid'; id: string; expiresAt: Date } | { kind: 'invalid' };

/** The link a token names and when it expires, or `invalid` (malformed, altered, signed with another key). */
export function readPaymentLinkToken(secret: string, token: string): TokenReading {
  const parts = token.split('.');
  if (parts.length !== 3) return { kind: 'invalid' };
  const [idPart, expiry, signature] = parts;
  if (!/^[A-Za-z0-9_-]{22}$/.test(idPart) || !/^[0-9a-z]{1,9}$/.test(expiry) || !/^[A-Za-z0-9_-]{22}$/.test(signature))
    return { kind: 'invalid' };
  const hex = Buffer.from(idPart, 'base64url').toString('hex');
  if (hex.length !== 32) return { kind: 'invalid' };
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expected = Buffer.from(sign(secret, id, expiry));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { kind: 'invalid' };
  return { kind: 'valid', id, expiresAt: new Date(parseInt(expiry, 36) * 1000) };
}

function sign(secret: string, id: string, expiry: string): string {
  return createHmac('sha256', secret)
    .update(`payment-link.${id}.${expiry}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
