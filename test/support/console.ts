import { createConsoleUser } from '../../src/domain/console/users.js';
import type { Db } from '../../src/store/shared/db.js';

export interface ConsoleSession {
  cookie: string;
  csrfToken: string;
  body: any;
}

/** A console user of a company, created as `outreach user create` does. */
export async function consoleUser(
  db: Db,
  companyId: string,
  role: 'viewer' | 'operator',
  email = `${role}-${Math.random().toString(36).slice(2)}@example.com`,
) {
  const password = `pw-${Math.random().toString(36).slice(2)}-long`;
  await createConsoleUser(db, companyId, { email, role, password }, new Date());
  return { email, password };
}

/** POST /console/session; on success the cookie (name=value) and CSRF token to send with later requests. */
export async function signIn(
  url: string,
  email: string,
  password: string,
): Promise<{ status: number; headers: Headers; session?: ConsoleSession; body: any }> {
  const res = await fetch(`${url}/console/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json().catch(() => undefined);
  if (res.status !== 200) return { status: res.status, headers: res.headers, body };
  const cookie = res.headers.get('set-cookie')!.split(';')[0];
  return { status: 200, headers: res.headers, body, session: { cookie, csrfToken: body.csrfToken, body } };
}

/** A request the console makes: under /console/api/, with the session cookie and (unless told not to) the CSRF token. */
export async function consoleCall(
  url: string,
  session: ConsoleSession,
  method: string,
  path: string,
  opts: { body?: unknown; csrf?: boolean } = {},
) {
  const headers: Record<string, string> = { Cookie: session.cookie };
  if (opts.csrf !== false) headers['X-CSRF-Token'] = session.csrfToken;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${url}/console/api${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep text */
  }
  return { status: res.status, headers: res.headers, body };
}
