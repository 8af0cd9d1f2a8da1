import { OpenAPIBackend, type Document, type Request } from 'openapi-backend';
import { sharedAjvs } from './shared-ajv.js';
import { DomainError, InvalidInputError, UnauthorizedError, UnavailableError } from '../domain/shared/errors.js';
import { isUnavailable, storeFailure } from '../domain/shared/store-failures.js';
import { errorResult, internalErrorResult, unavailableResult } from './error-response.js';
import type {
  HandlerResult,
  OperationContext,
  OperationHandler,
  OperationHandlers,
  OperationId,
  ParsedContext,
  RequestEnv,
} from './handler-types.js';
import { type OpenApiDocument, operationIds } from '../contract/openapi-document.js';
import { blockingErrors, unstorableTextInRequest } from './request-validation.js';
import { describeErrors } from '../contract/schema-errors.js';
import { errorBody } from './error-family.js';
import { PrecompiledRouter } from './precompiled-router.js';
import { withRowsValidatedPerRow } from '../contract/validation-document.js';
import { authenticateRequest, isStateChanging } from './credentials.js';
import { recordConsoleAction } from '../domain/console/audit.js';

/**
 * openapi-backend validates the document against the OpenAPI 3.0 meta-schema (upstream issue #532),
 * which a 3.1 document fails; the 3.1 document is linted by Redocly in CI instead.
 * Its router rebuilds the operation list and path patterns on every request; after `init()` the
 * router and the validator use a PrecompiledRouter built once over the same dereferenced definition,
 * which also parses each request's headers once (memoized on the header object: each handled request
 * gets one of its own, so a caller reusing and changing its header object cannot see a stale parse).
 */
export class OpenApi31Backend extends OpenAPIBackend {
  override validateDefinition() {
    return this.document;
  }

  override async init() {
    await super.init();
    const router = new PrecompiledRouter({
      definition: this.definition,
      apiRoot: this.apiRoot,
      ignoreTrailingSlashes: this.ignoreTrailingSlashes,
    });
    this.router = router;
    this.validator.router = router;
    return this;
  }

  override handleRequest(req: Request, ...handlerArgs: unknown[]) {
    return super.handleRequest({ ...req, headers: { ...req.headers } }, ...handlerArgs);
  }
}

export interface ApiOptions {
  /** Validate every response against the contract and turn a mismatch into a 500 (tests). */
  validateResponses?: boolean;
  /** Where contract violations are reported (tests collect them). */
  onContractViolation?: (violation: ContractViolation) => void;
}

export interface ContractViolation {
  operationId: string;
  status: number;
  problems: string;
}

export type Api = OpenAPIBackend;

/**
 * Handlers to register: `operationHandlers()` (src/handlers/index.ts), complete by its type. Typed
 * loosely here because registration is also checked when the API starts (tests register an incomplete
 * or an extra handler on purpose).
 */
export type HandlerRegistrations = Partial<OperationHandlers> & Readonly<Record<string, unknown>>;

type RoutedHandler = (c: ParsedContext, env: RequestEnv) => Promise<HandlerResult>;

export async function createApi(
  doc: OpenApiDocument,
  handlers: HandlerRegistrations,
  opts: ApiOptions = {},
): Promise<Api> {
  // Strict registration in both directions: an operation without a handler, or a handler without an operation, fails at start.
  const ids = operationIds(doc);
  const unhandled = ids.filter((id) => !handlers[id]);
  const unknown = Object.keys(handlers).filter((id) => !ids.includes(id));
  if (unhandled.length || unknown.length) {
    throw new Error(
      `Handler registration does not match the contract. Without handler: [${unhandled.join(', ')}]; without operation: [${unknown.join(', ')}]`,
    );
  }

  const wrapped: Record<string, RoutedHandler> = {};
  const registered: Partial<OperationHandlers> = handlers;
  const register = <Op extends OperationId>(id: Op) => {
    const handler: OperationHandler<Op> | undefined = registered[id];
    if (handler) wrapped[id] = (c, env) => runHandler(id, handler, c, env);
  };
  for (const id of ids) if (isOperationId(id, ids)) register(id);

  const ajvs = sharedAjvs();
  const api = new OpenApi31Backend({
    definition: withRowsValidatedPerRow(structuredClone(doc)) as unknown as Document,
    strict: true,
    validate: true,
    // Ajv on draft 2020-12 (OpenAPI 3.1) with formats; openapi-backend's default Ajv is draft-07 and drops formats.
    // Keep its per-context coercion: parameters and response headers arrive as strings (Retry-After: "1"), bodies never coerce.
    customizeAjv: (_ajv, ajvOpts, context) => ajvs.get(context, ajvOpts.coerceTypes === true),
    coerceTypes: true,
    handlers: {
      ...wrapped,
      notFound: async (c: ParsedContext) => ({
        status: 404,
        body: errorBody(
          'errorMessage',
          404,
          'not_found',
          `No route for ${c.request.method.toUpperCase()} ${c.request.path}`,
        ),
      }),
      // RFC 9110 §15.5.6: a 405 names the methods the path has.
      methodNotAllowed: async (c: ParsedContext) => ({
        status: 405,
        headers: { Allow: (api.router as PrecompiledRouter).allowedMethods(c.request.path).join(', ') },
        body: errorBody(
          'errorMessage',
          405,
          'method_not_allowed',
          `Method ${c.request.method.toUpperCase()} is not allowed on ${c.request.path}`,
        ),
      }),
      unauthorizedHandler: async (c: ParsedContext, env: RequestEnv) => {
        // openapi-backend turns a throwing security handler into "unauthorized": a lost database is a 503, not a 401.
        const failure = (c.security?.ApiKeyAuth as { error?: unknown } | undefined)?.error;
        if (env.refusal) return errorResult(c.operation.operationId, env.refusal);
        if (failure && isUnavailable(failure)) return unavailableResult(c.operation.operationId);
        if (failure) {
          env.services.log.error('unhandled error', {
            requestId: env.requestId,
            operationId: c.operation.operationId,
            error: (failure as Error).stack,
          });
          return internalErrorResult(c.operation.operationId);
        }
        return errorResult(c.operation.operationId, new UnauthorizedError());
      },
      validationFail: async (c: ParsedContext, env: RequestEnv) => {
        const id = c.operation.operationId!;
        const blocking = blockingErrors(id, c.validation.errors ?? []);
        if (blocking.length === 0) return wrapped[id](c, env);
        return errorResult(id, new InvalidInputError(describeErrors(blocking)));
      },
      postResponseHandler: async (c: ParsedContext, env: RequestEnv) => {
        env.operationId = c.operation?.operationId; // for the request log line and metrics
        const result = c.response as HandlerResult;
        if (env.principal?.kind === 'console' && isStateChanging(c.request.method))
          await recordConsoleRequest(env, c, result.status);
        // A console refusal (CSRF, role) is the console's, not the partner contract's (docs/operators/console.md).
        if (env.refusal) return result;
        // Binary bodies (recordings) are not JSON: their schema only names the media type.
        if (
          !opts.validateResponses ||
          !c.operation?.operationId ||
          result.status === 501 ||
          Buffer.isBuffer(result.body)
        )
          return result;
        return checkResponse(api, c.operation.operationId, result, opts.onContractViolation);
      },
    },
    securityHandlers: {
      ApiKeyAuth: authenticateRequest,
    },
  });
  await api.init();
  // Response validation is for tests; otherwise its validators (most of the compiled contract) are
  // dropped after init and compiled again only if a response is ever validated.
  if (!opts.validateResponses) {
    api.validator.responseValidators = {};
    api.validator.statusBasedResponseValidators = {};
    api.validator.responseHeadersValidators = {};
    ajvs.forgetResponses();
  }
  return api;
}

/** `generated/api-types.ts` is generated from this document (`npm run generate`): its operationIds are the type's. */
function isOperationId(id: string, ids: readonly string[]): id is OperationId {
  return ids.includes(id);
}

/**
 * openapi-backend calls an operation's handler only with a request routed to that operation and
 * validated against its contract (or, through `validationFail`, with the errors the domain checks
 * itself: ValidatedBody in src/http/handler-types.ts), query parameters coerced to their types.
 * That is the request the handler's type describes.
 */
function isValidatedFor<Op extends OperationId>(c: ParsedContext, id: Op): c is ParsedContext & OperationContext<Op> {
  return c.operation.operationId === id;
}

async function runHandler<Op extends OperationId>(
  id: Op,
  handler: OperationHandler<Op>,
  c: ParsedContext,
  env: RequestEnv,
): Promise<HandlerResult> {
  const unstorable = unstorableTextInRequest(id, c);
  if (unstorable) return errorResult(id, new InvalidInputError(unstorable));
  try {
    if (!isValidatedFor(c, id)) throw new Error(`${c.operation.operationId} was routed to the handler of ${id}`);
    return await handler(c, env);
  } catch (err) {
    if (err instanceof DomainError) return errorResult(id, err);
    // Nothing was committed in either case: the caller may retry (503) or must fix the value (400).
    const failure = storeFailure(err);
    if (failure instanceof UnavailableError) return unavailableResult(id);
    if (failure) return errorResult(id, failure);
    env.services.log.error('unhandled error', {
      requestId: env.requestId,
      operationId: id,
      error: (err as Error).stack,
    });
    return internalErrorResult(id);
  }
}

function checkResponse(
  api: Api,
  operationId: string,
  result: HandlerResult,
  report?: (v: ContractViolation) => void,
): HandlerResult {
  // 204 has no body to validate (openapi-backend would demand `null`).
  const body =
    result.status === 204 && result.body === undefined
      ? { errors: [] }
      : api.validateResponse(result.body, operationId, result.status);
  const headers = api.validator.validateResponseHeaders(lowerKeys(result.headers ?? {}), operationId, {
    statusCode: result.status,
  });
  const errors = [...(body.errors ?? []), ...(headers.errors ?? [])];
  if (errors.length === 0) return result;
  const problems = errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  report?.({ operationId, status: result.status, problems });
  return {
    status: 500,
    body: { error: 500, message: `Response of ${operationId} (${result.status}) breaks the contract: ${problems}` },
  };
}

/** Every change a console user attempts is recorded, refused ones included: who, which operation on which path, when, the status. */
async function recordConsoleRequest(env: RequestEnv, c: ParsedContext, status: number): Promise<void> {
  if (env.principal?.kind !== 'console') return;
  const action = `${c.request.method.toUpperCase()} ${c.operation?.operationId ?? 'unknown'}`;
  try {
    await recordConsoleAction(env.services.db, env.principal, action, c.request.path, status, env.services.now());
  } catch (err) {
    // The change is already committed: its answer stands; the missing record is logged for the operator.
    env.services.log.error('console action not recorded', {
      requestId: env.requestId,
      action,
      path: c.request.path,
      status,
      error: (err as Error).message,
    });
  }
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}
