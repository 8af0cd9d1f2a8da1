import { clearSignInFailures, readSignInFailures, recordSignInFailure } from '../../store/console/sign-in-failures.js';
import type { Db } from '../shared/context.js';
import { RateLimitedError } from '../shared/errors.js';

/**
 * Guessing is slowed per email and per client address: after FREE_FAILURES wrong passwords in a
 * row, each further attempt must wait 2^(failures - FREE_FAILURES) seconds after the last failure
 * (capped at MAX_WAIT_SECONDS), and is refused with 429 and Retry-After until then, without the
 * password being checked. An address gets more free failures (a shared office address). The counts
 * live in the database, so every process enforces the same wait.
 */
export const FREE_FAILURES = { email: 5, ip: 20 } as const;
export const MAX_WAIT_SECONDS = 15 * 60;

type Subject = { kind: keyof typeof FREE_FAILURES; key: string };

function subjects(email: string, ip: string | undefined): Subject[] {
  return [{ kind: 'email', key: `email:${email}` }, ...(ip ? [{ kind: 'ip' as const, key: `ip:${ip}` }] : [])];
}

export function waitSeconds(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(2 ** (failures - free), MAX_WAIT_SECONDS);
}

/** Throws RateLimitedError while either subject must still wait. */
export async function checkSignInAllowed(db: Db, email: string, ip: string | undefined, now: Date): Promise<void> {
  const list = subjects(email, ip);
  const rows = await readSignInFailures(
    db,
    list.map((s) => s.key),
  );
  let remaining = 0;
  for (const row of rows) {
    const kind = list.find((s) => s.key === row.subject)!.kind;
    const wait = waitSeconds(row.failures, FREE_FAILURES[kind]);
    const until = Date.parse(row.lastFailureAt) + wait * 1000;
    remaining = Math.max(remaining, Math.ceil((until - now.getTime()) / 1000));
  }
  if (remaining > 0) {
    throw new RateLimitedError('Too many wrong passwords; wait before signing in again', {
      policy: {
        name: 'console-sign-in',
        limit: FREE_FAILURES.email,
        windowSeconds: remaining,
        noun: 'sign-in attempts',
      },
      remaining: 0,
      resetSeconds: remaining,
    });
  }
}

export async function noteSignInFailure(db: Db, email: string, ip: string | undefined, now: Date): Promise<void> {
  for (const s of subjects(email, ip)) await recordSignInFailure(db, s.key, now.toISOString());
}

/** A right password clears the email's count (the address keeps its count: one success does not vouch for other emails). */
export async function noteSignInSuccess(db: Db, email: string): Promise<void> {
  await clearSignInFailures(db, `email:${email}`);
}
