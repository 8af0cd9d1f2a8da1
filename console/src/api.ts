import createClient, { type Middleware } from 'openapi-fetch';
import type { paths, Schema } from '../../clients/typescript/src/index.js';

export type { Schema };

/** Who is signed in (GET /console/session). */
export interface Me {
  companyId: string;
  userId: string;
  email: string;
  role: 'viewer' | 'operator';
  csrfToken: string;
}

let csrfToken = '';

/** Sends the session's CSRF token on every state-changing request (the cookie goes by itself). */
const csrf: Middleware = {
  onRequest({ request }) {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
};

/** The published spec's typed client, calling the same API under /console/api with the session cookie. */
export const api = createClient<paths>({ baseUrl: `${location.origin}/console/api`, credentials: 'same-origin' });
api.use(csrf);

async function session(method: string, path = '', body?: unknown): Promise<Response> {
  return fetch(`/console/session${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(method === 'GET' ? {} : { 'X-CSRF-Token': csrfToken }),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

export async function whoAmI(): Promise<Me | null> {
  const res = await session('GET');
  if (res.status !== 200) return null;
  const me = (await res.json()) as Me;
  csrfToken = me.csrfToken;
  return me;
}

export async function signIn(email: string, password: string): Promise<Me | string> {
  const res = await session('POST', '', { email, password });
  // The signed-in user on 200, the API's error body ({ message }) otherwise.
  const body = (await res.json().catch(() => ({}))) as Partial<Me> & { message?: string };
  if (res.status === 429) return `Too many wrong passwords: try again in ${res.headers.get('Retry-After')} s`;
  if (res.status !== 200) return body.message ?? 'Sign-in failed';
  const me = body as Me;
  csrfToken = me.csrfToken;
  return me;
}

/**
 * An async event handler where the element expects a void one: a rejection (the network down, the
 * server gone) goes to `report` instead of becoming an unhandled rejection nobody sees.
 */
export function handled<A extends unknown[]>(
  run: (...args: A) => Promise<unknown>,
  report: (message: string) => void,
): (...args: A) => void {
  return (...args) => {
    run(...args).catch((e: unknown) => report(e instanceof Error ? e.message : String(e)));
  };
}

export async function signOut(everywhere: boolean): Promise<void> {
  await session('DELETE', everywhere ? '/everywhere' : '');
  csrfToken = '';
}

/** A recording link (absolute, for the service's public address) played through this origin. */
export function sameOriginRecording(url: string): string {
  const u = new URL(url);
  return `/console/api${u.pathname}${u.search}`;
}
