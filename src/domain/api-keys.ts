import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../store/db.js';
import { findActiveKeyByHash, insertApiKey, listApiKeys, revokeApiKey } from '../store/api-keys.js';
import { getCompany } from '../store/companies.js';
import { NotFoundError } from './errors.js';
import type { CompanyConfig } from './company-config.js';

const KEY_PREFIX = 'ok_';

// Keys carry 256 random bits, so a fast unsalted SHA-256 is enough: there is nothing to brute-force.
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export async function issueApiKey(db: Db, companyId: string, now: Date): Promise<{ id: string; apiKey: string }> {
  if (!(await getCompany(db, companyId))) throw new NotFoundError(`Company ${companyId} not found`);
  const apiKey = KEY_PREFIX + randomBytes(32).toString('base64url');
  const id = randomUUID();
  await insertApiKey(db, {
    id,
    companyId,
    keyHash: hashApiKey(apiKey),
    keyPrefix: apiKey.slice(0, 11),
    createdAt: now.toISOString(),
    revokedAt: null,
  });
  return { id, apiKey };
}

/** Resolves the company of a presented key, or null. The stored hash is compared in constant time. */
export async function authenticateCompany(db: Db, presented: string | undefined): Promise<{ id: string; config: CompanyConfig } | null> {
  if (!presented || presented.length > 200) return null;
  const hash = hashApiKey(presented);
  const found = await findActiveKeyByHash(db, hash);
  if (!found || !timingSafeEqual(Buffer.from(found.keyHash, 'hex'), Buffer.from(hash, 'hex'))) return null;
  return { id: found.companyId, config: found.config };
}

export async function revokeKey(db: Db, companyId: string, idOrPrefix: string, now: Date): Promise<void> {
  const n = await revokeApiKey(db, companyId, idOrPrefix, now.toISOString());
  if (n === 0) throw new NotFoundError(`No active key "${idOrPrefix}" in company ${companyId}`);
}

export async function listKeys(db: Db, companyId: string) {
  if (!(await getCompany(db, companyId))) throw new NotFoundError(`Company ${companyId} not found`);
  return listApiKeys(db, companyId);
}
