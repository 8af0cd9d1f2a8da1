import { authenticateSession, csrfMatches } from '../domain/console/sessions.js';
import { findCompany } from '../domain/shared/company-config.js';
import { ForbiddenError, UnauthorizedError } from '../domain/shared/errors.js';
import type { ParsedContext, RequestEnv } from './handler-types.js';

/** The console's session cookie: HttpOnly, SameSite=Strict, Path=/console (docs/operators/console.md). */
export const CONSOLE_COOKIE = 'outreach_console';
const SAFE_METHODS = new Set(['get', 'head', 'options']);

export function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  for (const part of text?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toLowerCase());
}

/**
 * The one authentication path of the API (its security handler): it resolves the company and the
 * principal of a request. Requests the console sends (under /console/api/) carry the session cookie
 * instead of an API key; a state-changing one must also echo the session's CSRF token in
 * X-CSRF-Token, and a viewer may only read. Every other request needs X-API-Key. A refusal that is
 * not "who are you" (CSRF, role) is kept in `env.refusal` and answered 403.
 */
export async function authenticateRequest(c: ParsedContext, env: RequestEnv): Promise<boolean> {
  if (!env.viaConsole) {
    const key = c.request.headers['x-api-key'];
    env.company = await env.services.keys.authenticate(Array.isArray(key) ? key[0] : key);
    env.principal = env.company ? { kind: 'apiKey' } : undefined;
    return env.company !== null;
  }
  const principal = await authenticateSession(
    env.services.db,
    cookieValue(c.request.headers.cookie, CONSOLE_COOKIE),
    env.services.now(),
  );
  if (!principal) {
    env.refusal = new UnauthorizedError('Not signed in to the console, or the session ended; sign in again');
    return false;
  }
  env.principal = { kind: 'console', ...principal };
  if (isStateChanging(c.request.method)) {
    const presented = c.request.headers['x-csrf-token'];
    if (!csrfMatches(principal, Array.isArray(presented) ? presented[0] : presented)) {
      env.refusal = new ForbiddenError('Missing or wrong X-CSRF-Token header');
      return false;
    }
    if (principal.role !== 'operator') {
      env.refusal = new ForbiddenError('A viewer cannot change data; ask for the operator role');
      return false;
    }
  }
  const company = await findCompany(env.services.db, principal.companyId);
  if (!company) return false;
  env.company = { id: company.id, config: company.config };
  return true;
}
