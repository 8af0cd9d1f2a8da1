import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
/** A schema of the contract by name, e.g. `Schema<'Customer'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
export type OutreachClient = Client<paths>;

export interface ClientOptions {
  /** Where the service runs, e.g. https://outreach.example.com (no trailing slash needed). */
  baseUrl: string;
  /** The company's API key (`outreach company create` / `outreach key create`). */
  apiKey: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof globalThis.fetch;
}

/**
 * A client whose paths, parameters, bodies and responses are typed from the contract. Every call
 * resolves to `{ data, error, response }`: `data` on 2xx, `error` (the operation's error shape) otherwise.
 */
export function createOutreachClient(opts: ClientOptions): OutreachClient {
  const client = createClient<paths>({ baseUrl: opts.baseUrl.replace(/\/$/, ''), fetch: opts.fetch });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('X-API-Key', opts.apiKey);
      return request;
    },
  };
  client.use(auth);
  return client;
}
