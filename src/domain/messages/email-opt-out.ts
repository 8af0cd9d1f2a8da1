import { createHmac, timingSafeEqual } from 'node:crypto';
import { suppressEmail } from '../../store/messages/channel-stops.js';
import type { Db } from '../../store/shared/db.js';
import { NotFoundError } from '../shared/errors.js';
import { recordRevocation } from '../consent/ledger.js';

/**
 * Email opt-out links (Reg F 12 CFR 1006.6(e); CAN-SPAM 15 U.S.C. 7704(a)(3)): a token naming the
 * company and address, signed with HMAC-SHA256 so nobody can unsubscribe someone else. Tokens do
 * not expire: an opt-out must keep working as long as the email can be read.
 */
export function optOutToken(secret: string, companyId: string, address: string): string {
  const payload = Buffer.from(JSON.stringify([companyId, address.toLowerCase()])).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function readOptOutToken(secret: string, token: string): { companyId: string; address: string } | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [companyId, address] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [unknown, unknown];
    return typeof companyId === 'string' && typeof address === 'string' ? { companyId, address } : null;
  } catch {
    return null;
  }
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`email-opt-out.${payload}`).digest('base64url');
}

/** An opt-out link was followed: the address gets no more emails from that company. Repeating it is harmless. */
export async function optOutEmail(db: Db, secret: string, token: string, now: Date): Promise<{ address: string }> {
  const read = readOptOutToken(secret, token);
  // An altered or foreign token is reported like an unknown page, revealing nothing.
  if (!read) throw new NotFoundError('This opt-out link is not valid');
  // The suppression and the consent revocation (which reaches the customer's numbers unless the
  // company's revocation scope is `channel`) commit together.
  await db.transaction(async (trx) => {
    await suppressEmail(trx, read.companyId, read.address, 'opt_out', 'opt-out link', now.toISOString());
    await recordRevocation(trx, [read.companyId], {
      address: read.address,
      channel: 'email',
      source: 'email_unsubscribe',
      at: now,
      evidenceRef: 'opt-out link',
    });
  });
  return { address: read.address };
}
