import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { type ApiOptions, createApi, type Api } from './http/api.js';
import { errorBody, errorFamilyOf } from './http/error-family.js';
import type { HandlerResult, RequestEnv, Services } from './http/handler-types.js';
import { loadOpenApiDocument } from './contract/openapi-document.js';
import { operationHandlers } from './handlers/index.js';

/** The express application: headers, request id + log line, JSON body parsing, then openapi-backend. */
export async function createApp(services: Services, opts: ApiOptions = {}) {
  const api = await createApi(loadOpenApiDocument(), operationHandlers(), opts);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use((req, res, next) => {
    const requestId = req.get('x-request-id')?.slice(0, 100) || randomUUID();
    res.locals.requestId = requestId;
    res.set({ 'X-Request-Id': requestId, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      services.log.info('request', {
        requestId, method: req.method, path: req.path, status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      });
    });
    next();
  });

  app.use(express.json({
    limit: services.config.bodyLimitBytes,
    type: ['application/json', 'application/*+json'],
    strict: false,
    // Signed provider callbacks are verified over the exact bytes received.
    verify: (req, _res, buf) => {
      (req as Request & { rawBody?: Buffer }).rawBody = buf;
    },
  }));
  // SMS provider callbacks (status and inbound texts) are form-encoded, like Twilio's; every other operation takes JSON only.
  app.use('/webhooks/sms', express.urlencoded({ limit: '100kb', extended: false, type: 'application/x-www-form-urlencoded' }));

  app.use(async (req: Request, res: Response) => {
    const env: RequestEnv = { services, requestId: res.locals.requestId, company: null, rawBody: (req as Request & { rawBody?: Buffer }).rawBody };
    const bodyless = req.body === undefined && Number(req.get('content-length') ?? 0) > 0;
    if (bodyless) return send(res, parseFailure(api, req, 400, 'Content-Type must be application/json'));
    const result = (await api.handleRequest(
      { method: req.method, path: req.path, query: req.query as Record<string, string>, headers: req.headers as Record<string, string>, body: req.body },
      env,
    )) as HandlerResult;
    send(res, result);
  });

  // Body-parser failures happen before routing; answer them in the family of the operation they were for.
  app.use((err: Error & { type?: string; status?: number }, req: Request, res: Response, _next: NextFunction) => {
    if (err.type === 'entity.too.large') return send(res, parseFailure(api, req, 413, `Request body exceeds the ${services.config.bodyLimitBytes} byte limit`));
    if (err.type === 'entity.parse.failed') return send(res, parseFailure(api, req, 400, 'Request body is not valid JSON'));
    if (err.status && err.status >= 400 && err.status < 500) return send(res, parseFailure(api, req, err.status, err.message));
    services.log.error('unhandled error', { requestId: res.locals.requestId, error: err.stack });
    send(res, parseFailure(api, req, 500, 'Internal server error'));
  });

  return { app, api };
}

function parseFailure(api: Api, req: Request, status: number, message: string): HandlerResult {
  const operationId = api.matchOperation({ method: req.method, path: req.path, headers: {} })?.operationId;
  const code = status === 413 ? 'payload_too_large' : status === 500 ? 'internal_error' : 'invalid_request';
  return { status, body: errorBody(errorFamilyOf(operationId), status, code, message) };
}

function send(res: Response, result: HandlerResult): void {
  if (result.headers) res.set(result.headers);
  if (result.body === undefined) res.status(result.status).end();
  else if (Buffer.isBuffer(result.body)) res.status(result.status).send(result.body);
  else res.status(result.status).json(result.body);
}
