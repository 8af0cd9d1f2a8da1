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
import type { operations, paths } from '../../generated/api-types.js';
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

/** An operation of the contract's paths, which the service answers (the `webhooks` section's are the events it sends). */
export type OperationId = {
  [Op in keyof operations]: operations[Op] extends PathOperation ? Op : never;
}[keyof operations];
type PathOperation = { [P in keyof paths]: paths[P][Exclude<keyof paths[P], 'parameters'>] }[keyof paths];

/** The schema of a request or response's content (each operation has one media type per body). */
type Content<T> = T extends { content: infer C } ? C[keyof C] : never;
type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** Request body type of an operation, from the generated contract types: undefined when the body is optional. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody: infer R }
  ? Content<R>
  : operations[Op] extends { requestBody?: infer R }
    ? Content<NonNullable<R>> | undefined
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

/** Batch rows are checked one by one when the batch runs (`x-validated-per-row`): the request validator accepts any rows. */
type RowsUnchecked<B, Rows extends string> = Omit<B, Rows> & { [R in Rows]: unknown[] };

/**
 * The bodies the request validator leaves (in part) to the domain, so their handlers get less than
 * the contract's type: required customer fields (DEFERRED in src/http/request-validation.ts), batch
 * rows (ROW_ARRAYS there), and the whole schedule-sync body (validated per mode).
 */
interface UncheckedBodies {
  createCustomer: Partial<RequestBody<'createCustomer'>>;
  createCustomerBatch: RowsUnchecked<RequestBody<'createCustomerBatch'>, 'customers'>;
  createLoanBatch: RowsUnchecked<RequestBody<'createLoanBatch'>, 'loans'>;
  createAchReturnBatch: RowsUnchecked<RequestBody<'createAchReturnBatch'>, 'returns'>;
  createAchConfirmBatch: RowsUnchecked<RequestBody<'createAchConfirmBatch'>, 'confirms'>;
  createContactAttemptBatch: RowsUnchecked<RequestBody<'createContactAttemptBatch'>, 'attempts'>;
  syncCustomerSchedule: unknown;
}

/** The request body as the handler of `Op` receives it: validated against the contract, less what the domain checks itself. */
export type ValidatedBody<Op extends OperationId> = Op extends keyof UncheckedBodies
  ? UncheckedBodies[Op]
  : RequestBody<Op>;

/** Request headers as openapi-backend parses them: every header sent, names lowercased. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A request as openapi-backend parsed it, before it is known which operation it is or whether it is valid. */
export type ParsedContext = Context<
  unknown,
  Record<string, string>,
  Record<string, unknown>,
  RequestHeaders,
  Record<string, string>
>;

/**
 * What the handler of `Op` receives: the request as validated against `Op`'s contract (openapi-backend
 * validates, and coerces query parameters to their schema types, before any handler runs; see
 * src/http/api.ts), its body as `ValidatedBody` says. `operation.operationId` names the operation, so
 * a handler registered under another operation's id does not compile.
 */
export type OperationContext<Op extends OperationId> = Context<
  ValidatedBody<Op>,
  PathParams<Op>,
  QueryParams<Op>,
  RequestHeaders,
  Record<string, string>
> & { operation: { operationId: Op } };

export type OperationHandler<Op extends OperationId> = (
  context: OperationContext<Op>,
  env: RequestEnv,
) => Promise<HandlerResult>;

/** operationId → its handler: one for every operation of the contract. */
export type OperationHandlers = { [Op in OperationId]: OperationHandler<Op> };
