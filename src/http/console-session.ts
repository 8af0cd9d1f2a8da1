import {
  signIn,
  signOut,
  signOutEverywhere,
  authenticateSession,
  csrfMatches,
  ABSOLUTE_TIMEOUT_MS,
  type ConsolePrincipal,
} from '../domain/console/sessions.js';
import { DomainError, ForbiddenError, InvalidInputError, UnauthorizedError } from '../domain/shared/errors.js';
import { errorResult } from './error-response.js';
import { CONSOLE_COOKIE, cookieValue } from './credentials.js';
import type { HandlerResult, Services } from './handler-types.js';

export interface SessionRequest {
  method: string;
  /** The path below /console/session: '' or '/everywhere'. */
  subpath: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** The request arrived over https, or the service's public address is https: the cookie is then Secure. */
  secure: boolean;
  ip?: string;
}

/**
 * The console's session endpoints (outside the partner contract; docs/operators/console.md):
 * POST /console/session signs in, GET /console/session says who is signed in (and the CSRF token),
 * DELETE /console/session signs out, DELETE /console/session/everywhere ends every session of the user.
 */
export async function consoleSession(services: Services, req: SessionRequest): Promise<HandlerResult> {
  const now = services.now();
  try {
    if (req.subpath === '' && req.method === 'POST') {
      const { email, password } = (req.body ?? {}) as { email?: unknown; password?: unknown };
      if (typeof email !== 'string' || typeof password !== 'string' || password.length > 1024)
        throw new InvalidInputError('Send {"email", "password"} as JSON');
      const { token, principal } = await signIn(services.db, { email, password, ip: req.ip }, now);
      return {
        status: 200,
        body: describe(principal),
        headers: { 'Set-Cookie': cookie(token, ABSOLUTE_TIMEOUT_MS / 1000, req.secure) },
      };
    }
    const principal = await authenticateSession(services.db, cookieValue(req.headers.cookie, CONSOLE_COOKIE), now);
    if (!principal) throw new UnauthorizedError('Not signed in to the console');
    if (req.subpath === '' && req.method === 'GET') return { status: 200, body: describe(principal) };
    if (req.method !== 'DELETE' || (req.subpath !== '' && req.subpath !== '/everywhere')) {
      return {
        status: 404,
        body: { error: 404, message: `No route for ${req.method} /console/session${req.subpath}` },
      };
    }
    const csrf = req.headers['x-csrf-token'];
    if (!csrfMatches(principal, Array.isArray(csrf) ? csrf[0] : csrf))
      throw new ForbiddenError('Missing or wrong X-CSRF-Token header');
    if (req.subpath === '') await signOut(services.db, principal, now);
    else await signOutEverywhere(services.db, principal, now);
    return { status: 204, headers: { 'Set-Cookie': cookie('', 0, req.secure) } };
  } catch (err) {
    if (err instanceof DomainError) return errorResult(undefined, err);
    throw err;
  }
}

function describe(p: ConsolePrincipal) {
  return { companyId: p.companyId, userId: p.userId, email: p.email, role: p.role, csrfToken: p.csrfToken };
}

function cookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${CONSOLE_COOKIE}=${token}; Path=/console; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}
