import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuthChangeFeed } from '../../store/companies/auth-changes.js';
import type { Db } from '../../store/shared/db.js';
import { findActiveKeyByHash, insertApiKey, listApiKeys, revokeApiKey } from '../../store/companies/api-keys.js';
import { findCompany } from '../shared/company-config.js';
import { NotFoundError } from '../shared/errors.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { newId } from '../shared/ids.js';

const KEY_PREFIX = 'ok_';

// Keys carry 256 random bits, so a fast unsalted SHA-256 is enough: there is nothing to brute-force.
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export async function issueApiKey(db: Db, companyId: string, now: Date): Promise<{ id: string; apiKey: string }> {
  if (!(await findCompany(db, companyId))) throw new NotFoundError(`Company ${companyId} not found`);
  const apiKey = KEY_PREFIX + randomBytes(32).toString('base64url');
  const id = newId();
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

export interface AuthenticatedCompany {
  id: string;
  config: CompanyConfig;
}

/** Resolves the company of a presented key from the database, or null. The stored hash is compared in constant time. */
export async function authenticateCompany(db: Db, presented: string | undefined): Promise<AuthenticatedCompany | null> {
  if (!presented || presented.length > 200) return null;
  return companyOfHash(db, hashApiKey(presented));
}

async function companyOfHash(db: Db, hash: string): Promise<AuthenticatedCompany | null> {
  const found = await findActiveKeyByHash(db, hash);
  if (!found || !timingSafeEqual(Buffer.from(found.keyHash, 'hex'), Buffer.from(hash, 'hex'))) return null;
  return { id: found.companyId, config: found.config as CompanyConfig }; // validated when written
}

export async function revokeKey(db: Db, companyId: string, idOrPrefix: string, now: Date): Promise<void> {
  const n = await revokeApiKey(db, companyId, idOrPrefix, now.toISOString());
  if (n === 0) throw new NotFoundError(`No active key "${idOrPrefix}" in company ${companyId}`);
  forgetCompanyLocally(db, companyId);
}

/** Longest an authenticated key is answered from memory without asking the database again. */
export const KEY_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** Caches in a process that write through the same Db, so their own writes take effect before the next request. */
const local = new WeakMap<Db, Set<ApiKeyCache>>();

/**
 * Authenticated API keys kept in memory for at most KEY_CACHE_TTL_MS, so a request does not look
 * its key up in the database. A revoked key or a replaced company configuration takes effect on
 * every process at once: the database announces the change (AuthChangeFeed) and the company's
 * entries are dropped; while the announcements could be missed, nothing is served from memory.
 * Only keys that were found are kept, so a key created a moment ago works at once.
 * Entries are keyed by the key's SHA-256, never by the key itself.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, { company: AuthenticatedCompany; until: number }>();
  /** Bumped by every change, so a lookup that raced with one does not store what it read. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly feed: AuthChangeFeed,
    private readonly clock: () => number = Date.now,
    private readonly ttlMs = KEY_CACHE_TTL_MS,
  ) {
    feed.subscribe((companyId) => this.forget(companyId));
    let caches = local.get(db);
    if (!caches) local.set(db, (caches = new Set()));
    caches.add(this);
  }

  async authenticate(presented: string | undefined): Promise<AuthenticatedCompany | null> {
    if (!presented || presented.length > 200) return null;
    const fresh = await this.feed.fresh();
    const hash = hashApiKey(presented);
    const hit = this.entries.get(hash);
    if (fresh && hit && hit.until > this.clock()) return hit.company;
    if (hit) this.entries.delete(hash);
    const generation = this.generation;
    const company = await companyOfHash(this.db, hash);
    if (company && fresh && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(hash, { company, until: this.clock() + this.ttlMs });
    }
    return company;
  }

  /** Drops the company's entries (null: all of them). */
  forget(companyId: string | null): void {
    this.generation++;
    if (companyId === null) return this.entries.clear();
    for (const [hash, entry] of this.entries) if (entry.company.id === companyId) this.entries.delete(hash);
  }

  async stop(): Promise<void> {
    local.get(this.db)?.delete(this);
    await this.feed.stop();
  }
}

/** Called after a write through `db` that can take access away, so this process's caches drop the company now. */
export function forgetCompanyLocally(db: Db, companyId: string): void {
  for (const cache of local.get(db) ?? []) cache.forget(companyId);
}

export async function listKeys(db: Db, companyId: string) {
  if (!(await findCompany(db, companyId))) throw new NotFoundError(`Company ${companyId} not found`);
  return listApiKeys(db, companyId);
}
