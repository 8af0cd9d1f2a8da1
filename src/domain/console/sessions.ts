import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  findLiveSessionByHash,
  insertConsoleSession,
  revokeConsoleSession,
  revokeUserSessions,
  touchConsoleSession,
} from '../../store/console/sessions.js';
import { findConsoleUserByEmail, type ConsoleRole } from '../../store/console/users.js';
import type { Db } from '../shared/context.js';
import { UnauthorizedError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { recordConsoleAction } from './audit.js';
import { UNKNOWN_USER_HASH, verifyPassword } from './passwords.js';
import { checkSignInAllowed, noteSignInFailure, noteSignInSuccess } from './sign-in-limit.js';
import { normalizeEmail } from './users.js';

/** A session ends after this long without a request, and in any case this long after sign-in. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 3_600_000;
/** last_seen_at is written at most this often per session (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export interface ConsolePrincipal {
  sessionId: string;
  companyId: string;
  userId: string;
  email: string;
  role: ConsoleRole;
  /** The token the browser must echo in X-CSRF-Token on every state-changing request. */
  csrfToken: string;
}

// The session token has 256 random bits: a plain SHA-256 of it is what the database keeps.
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The CSRF token is derived from the session token, so it is bound to the session and never stored. */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('outreach-console-csrf').digest('base64url');
}

export function csrfMatches(principal: ConsolePrincipal, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(principal.csrfToken);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function signIn(
  db: Db,
  input: { email: string; password: string; ip?: string },
  now: Date,
): Promise<{ token: string; principal: ConsolePrincipal; expiresAt: Date }> {
  const email = normalizeEmail(input.email);
  await checkSignInAllowed(db, email, input.ip, now);
  const user = await findConsoleUserByEmail(db, email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? UNKNOWN_USER_HASH);
  if (!user || !ok) {
    await noteSignInFailure(db, email, input.ip, now);
    throw new UnauthorizedError('Wrong email or password');
  }
  await noteSignInSuccess(db, email);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  const sessionId = newId();
  await insertConsoleSession(db, user.companyId, {
    id: sessionId,
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  const principal = {
    sessionId,
    companyId: user.companyId,
    userId: user.id,
    email: user.email,
    role: user.role,
    csrfToken: csrfTokenOf(token),
  };
  await recordConsoleAction(db, principal, 'sign-in', null, null, now);
  return { token, principal, expiresAt };
}

/** The session of a cookie's token, or null when unknown, signed out, idle too long or past its absolute expiry. */
export async function authenticateSession(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<ConsolePrincipal | null> {
  if (!token || token.length > 100) return null;
  const s = await findLiveSessionByHash(db, hashToken(token));
  if (!s) return null;
  const t = now.getTime();
  if (t >= Date.parse(s.expiresAt) || t - Date.parse(s.lastSeenAt) >= IDLE_TIMEOUT_MS) {
    await revokeConsoleSession(db, s.companyId, s.id, now.toISOString());
    return null;
  }
  if (t - Date.parse(s.lastSeenAt) >= TOUCH_EVERY_MS)
    await touchConsoleSession(db, s.companyId, s.id, now.toISOString());
  return {
    sessionId: s.id,
    companyId: s.companyId,
    userId: s.userId,
    email: s.email,
    role: s.role,
    csrfToken: csrfTokenOf(token),
  };
}

export async function signOut(db: Db, principal: ConsolePrincipal, now: Date): Promise<void> {
  await revokeConsoleSession(db, principal.companyId, principal.sessionId, now.toISOString());
  await recordConsoleAction(db, principal, 'sign-out', null, null, now);
}

/** Ends every session of the user, on every browser; returns how many were live. */
export async function signOutEverywhere(db: Db, principal: ConsolePrincipal, now: Date): Promise<number> {
  const n = await revokeUserSessions(db, principal.companyId, principal.userId, now.toISOString());
  await recordConsoleAction(db, principal, 'sign-out-everywhere', null, null, now);
  return n;
}
