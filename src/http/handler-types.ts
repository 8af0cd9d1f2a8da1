import type { MessageRoutes } from '../domain/ports/channels.js';
import type { Clock } from '../domain/ports/clock.js';
import type { Context } from 'openapi-backend';
import type { Config } from '../config/config.js';
import type { LmsResolver } from '../domain/ports/lms.js';
import type { ApiKeyCache } from '../domain/companies/api-keys.js';
import type { CompanyConfig } from '../domain/shared/company-config.js';
import type { Db } from '../domain/shared/context.js';
import type { JobQueue } from '../domain/ports/job-queue.js';
import type { Logger } from '../lib/logger.js';
import type { CallServices } from '../domain/calls/call-services.js';
import type { operations } from '../../generated/api-types.js';
import type { DomainError } from '../domain/shared/errors.js';
import type { ConsolePrincipal } from '../domain/console/sessions.js';

/** Long-lived dependencies shared by every request. */
export interface Services {
  db: Db;
  config: Config;
  /** The clock; tests pass a fixed one. */
  now: Clock;
  log: Logger;
  /** Where batch slices (and later other background work) are enqueued. */
  queue: JobQueue;
  /** Email/SMS routes: SMS callbacks are verified with their providers' credentials. */
  channels?: MessageRoutes;
  /** Voice providers, recordings and call settings. */
  calls: CallServices;
  /** The LMS connector of a company, from its configuration. */
  lms: LmsResolver;
  /** API keys answered from memory, dropped at once when a key or its company changes. */
  keys: ApiKeyCache;
  /** Set at shutdown before connections drain: `/readyz` answers 503 from then on. */
  lifecycle?: { draining: boolean };
}

/** Who made a request: a holder of the company's API key, or a signed-in console user. */
export type Principal = { kind: 'apiKey' } | ({ kind: 'console' } & ConsolePrincipal);

/** Per-request environment passed to every handler next to openapi-backend's context. */
export interface RequestEnv {
  services: Services;
  requestId: string;
  /** Set by the API-key security handler for authenticated operations. */
  company: { id: string; config: CompanyConfig } | null;
  /** Who made the request, once authenticated (src/http/credentials.ts). */
  principal?: Principal;
  /** The request came from the console (under /console/api/): it authenticates with the session cookie. */
  viaConsole?: boolean;
  /** Why an authenticated console request was refused (CSRF, role), answered instead of a 401. */
  refusal?: DomainError;
  /** The request body exactly as received (signed callbacks verify it). */
  rawBody?: Buffer;
  /** The matched operation, once routed (unset for unknown paths). */
  operationId?: string;
}

export interface HandlerResult {
  status: number;
  /** JSON, or a Buffer sent as is (with its Content-Type header). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type OperationId = keyof operations;

type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** Request body type of an operation, from the generated contract types. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer R }
  ? JsonBody<NonNullable<R>>
  : never;

/** Body type of one documented response of an operation. */
export type ResponseBody<Op extends OperationId, Status extends number> = operations[Op] extends { responses: infer R }
  ? Status extends keyof R
    ? JsonBody<R[Status]>
    : never
  : never;

export type PathParams<Op extends OperationId> = operations[Op] extends { parameters: { path: infer P } } ? P : never;
export type QueryParams<Op extends OperationId> = operations[Op] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

export type OperationHandler = (context: Context, env: RequestEnv) => Promise<HandlerResult>;
