import type { Db } from '../shared/db.js';
import { dialectOf } from '../shared/db.js';
import { readInstant } from '../shared/columns.js';

/**
 * The provider accounts companies dial through (migration 059): each one's limit as last read from
 * the provider, the slots it keeps for inbound calls and the calls on it the service did not place.
 * The dial claim (call-dispatch.ts) inserts an account the first time a company with due calls names
 * it and counts its slots held; the dispatcher refreshes the rest here.
 */
export interface VoiceAccountRow {
  id: string;
  viaCompanyId: string | null;
  concurrencyLimit: number | null;
  reservedInbound: number;
  outsideCalls: number;
  readAt: string | null;
}

function fromRow(r: Record<string, unknown>): VoiceAccountRow {
  return {
    id: String(r.id),
    viaCompanyId: typeof r.via_company_id === 'string' ? r.via_company_id : null,
    concurrencyLimit: r.concurrency_limit == null ? null : Number(r.concurrency_limit),
    reservedInbound: Number(r.reserved_inbound),
    outsideCalls: Number(r.outside_calls),
    readAt: readInstant(r.read_at),
  };
}

/** Accounts whose limit was never read, or read before `staleBefore` (wall clock), at most `limit`. */
export async function accountsToRead(db: Db, staleBefore: string, limit: number): Promise<VoiceAccountRow[]> {
  const rows = await db<Record<string, unknown>>('voice_accounts')
    .whereNull('read_at')
    .orWhere('read_at', '<', staleBefore)
    .orderBy('id')
    .limit(limit);
  return rows.map(fromRow);
}

export async function getVoiceAccount(db: Db, id: string): Promise<VoiceAccountRow | null> {
  const r = await db<Record<string, unknown>>('voice_accounts').where({ id }).first();
  return r ? fromRow(r) : null;
}

/** An account, with the company its limit is read through (nothing when it exists). */
export async function addVoiceAccount(db: Db, id: string, viaCompanyId: string | null): Promise<void> {
  await db('voice_accounts').insert({ id, via_company_id: viaCompanyId }).onConflict('id').ignore();
}

/**
 * What the provider answered for the account: its limit, the slots kept for inbound, and its calls
 * ongoing now; the calls the service did not place are those less the account's calls the service
 * placed and has not seen end (`dialing` with a provider call), never below zero.
 */
export async function recordAccountRead(
  db: Db,
  id: string,
  read: { limit: number; reservedInbound: number; current: number; at: string },
): Promise<void> {
  const placed = `(SELECT count(*) FROM scheduled_calls b WHERE b.dial_account = voice_accounts.id AND b.status = 'dialing' AND b.provider_call_id IS NOT NULL)`;
  const at = dialectOf(db) === 'pg' ? 'CAST(? AS timestamptz)' : '?';
  await db.raw(
    `UPDATE voice_accounts SET concurrency_limit = ?, reserved_inbound = ?,
       outside_calls = CASE WHEN ? - ${placed} > 0 THEN ? - ${placed} ELSE 0 END, read_at = ${at}
     WHERE id = ?`,
    [read.limit, read.reservedInbound, read.current, read.current, read.at, id],
  );
}

/** Sets an account's limits directly (operators' tooling, tests and the bench), creating it when new. */
export async function setAccountLimit(
  db: Db,
  id: string,
  limits: { limit: number | null; reservedInbound?: number; outsideCalls?: number; at: string | null },
): Promise<void> {
  await addVoiceAccount(db, id, null);
  await db('voice_accounts')
    .where({ id })
    .update({
      concurrency_limit: limits.limit,
      reserved_inbound: limits.reservedInbound ?? 0,
      outside_calls: limits.outsideCalls ?? 0,
      read_at: limits.at,
    });
}

/** Forgets an account no company is read through any more; the claim adds it again with one that names it. */
export async function forgetVoiceAccount(db: Db, id: string): Promise<void> {
  await db('voice_accounts').where({ id }).del();
}

/** An account's slots held: its calls `dialing` (claimed and not yet ended). */
export async function accountSlotsHeld(db: Db, id: string): Promise<number> {
  const r = await db.raw<Array<{ n: unknown }> | { rows: Array<{ n: unknown }> }>(
    `SELECT count(*) AS n FROM scheduled_calls b WHERE b.dial_account = ? AND b.status = 'dialing'`,
    [id],
  );
  return Number((Array.isArray(r) ? r : r.rows)[0].n);
}
