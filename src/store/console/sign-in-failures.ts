import type { Db } from '../shared/db.js';
import { readInstant } from '../shared/columns.js';

/**
 * Failed sign-ins per subject ("email:…", "ip:…"), kept in the database so every process sees the
 * same count. Sign-in precedes any company, so these rows carry none.
 */
export async function readSignInFailures(
  db: Db,
  subjects: string[],
): Promise<{ subject: string; failures: number; lastFailureAt: string }[]> {
  const rows = await db<Record<string, unknown>>('console_sign_in_failures').whereIn('subject', subjects);
  return rows.map((r) => ({
    subject: String(r.subject),
    failures: Number(r.failures),
    lastFailureAt: readInstant(r.last_failure_at)!,
  }));
}

export async function recordSignInFailure(db: Db, subject: string, at: string): Promise<void> {
  await db('console_sign_in_failures')
    .insert({ subject, failures: 1, last_failure_at: at })
    .onConflict('subject')
    .merge({ failures: db.raw('console_sign_in_failures.failures + 1'), last_failure_at: at });
}

export async function clearSignInFailures(db: Db, subject: string): Promise<void> {
  await db('console_sign_in_failures').where({ subject }).del();
}
