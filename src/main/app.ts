import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request, type Response } from 'express';
import { type ApiOptions, createApi, type Api } from '../http/api.js';
import { errorBody, errorFamilyOf } from '../http/error-family.js';
import { errorPage } from '../http/error-page.js';
import type { HandlerResult, RequestEnv, Services } from '../http/handler-types.js';
import { loadOpenApiDocument } from '../contract/openapi-document.js';
import { operationHandlers } from '../handlers/index.js';
import { capDepth, READ_DEPTH } from '../contract/json-limits.js';
import { isUnavailable } from '../domain/shared/store-failures.js';
import { unavailableResult } from '../http/error-response.js';
import { httpRequestDuration, registry } from '../observability/metrics.js';
import { referencePage } from '../http/reference-page.js';
import { consoleSession } from '../http/console-session.js';
import { consoleStatic } from './console-static.js';

/** The express application: headers, request id + log line, JSON body parsing, then openapi-backend. */
export async function createApp(services: Services, opts: ApiOptions = {}) {
  const api = await createApi(loadOpenApiDocument(), operationHandlers(), opts);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  const docs = referencePage();
  const consolePages = consoleStatic();
  const json = express.json({
    limit: services.config.bodyLimitBytes,
    type: ['application/json', 'application/*+json'],
    strict: false,
    // Signed provider callbacks are verified over the exact bytes received.
    verify: (req, _res, buf) => {
      (req as Request & { rawBody?: Buffer }).rawBody = buf;
    },
  });
  // SMS provider callbacks (status and inbound texts) are form-encoded, like Twilio's, and so is the
  // RFC 8058 one-click opt-out mail clients post (`List-Unsubscribe=One-Click`); every other operation takes JSON only.
  const form = express.urlencoded({ limit: '100kb', extended: false, type: 'application/x-www-form-urlencoded' });

  const dispatch = async (req: Request, res: Response) => {
    const env: RequestEnv = {
      services,
      requestId: res.locals.requestId as string, // set by the first middleware for every request
      company: null,
      rawBody: (req as Request & { rawBody?: Buffer }).rawBody,
      viaConsole: res.locals.viaConsole === true,
    };
    res.locals.env = env;
    const bodyless = req.body === undefined && Number(req.headers['content-length'] ?? 0) > 0;
    if (bodyless) return send(res, parseFailure(api, req, 400, 'Content-Type must be application/json'));
    // The router percent-decodes path parameters and would throw URIError on `%ZZ` or `%C3%28`.
    if (!decodesCleanly(req.path))
      return send(res, parseFailure(api, req, 400, 'The path is not valid percent-encoded UTF-8'));
    const body = capDepth(req.body, READ_DEPTH);
    try {
      const result = (await api.handleRequest(
        {
          method: req.method,
          path: req.path,
          query: req.query as Record<string, string>,
          headers: req.headers as Record<string, string>,
          body,
        },
        env,
      )) as HandlerResult;
      send(res, result);
    } catch (err) {
      // Outside a handler (the API-key lookup): a lost database is a 503 here too, never a 500.
      if (!isUnavailable(err)) throw err;
      const operationId = api.matchOperation({ method: req.method, path: req.path, headers: {} })?.operationId;
      send(res, unavailableResult(operationId));
    }
  };

  // Failures before routing (body parsers) answer in the family of the operation they were for.
  const fail = (err: Error & { type?: string; status?: number }, req: Request, res: Response) => {
    if (err.type === 'entity.too.large')
      return send(
        res,
        parseFailure(api, req, 413, `Request body exceeds the ${services.config.bodyLimitBytes} byte limit`),
      );
    if (err.type === 'entity.parse.failed')
      return send(res, parseFailure(api, req, 400, 'Request body is not valid JSON'));
    if (err.status && err.status >= 400 && err.status < 500)
      return send(res, parseFailure(api, req, err.status, err.message));
    services.log.error('unhandled error', { requestId: res.locals.requestId, error: err.stack });
    send(res, parseFailure(api, req, 500, 'Internal server error'));
  };

  // One layer for every request (each express layer costs a match and a `next` per request): headers,
  // request id and log line, then the operator pages, the body parsers (only when a body is sent) and the API.
  const serveRequest = (req: Request, res: Response) => {
    const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) || randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const env = res.locals.env as RequestEnv | undefined;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const operationId = env?.operationId ?? (res.locals.route as string | undefined) ?? null;
      httpRequestDuration.observe(
        { operationId: operationId ?? 'unmatched', status: String(res.statusCode) },
        ms / 1000,
      );
      services.log.info('request', {
        requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        operationId,
        companyId: env?.company?.id ?? null,
        ms,
      });
    });
    const toApi = (err?: unknown) => {
      if (err) return fail(err as Error, req, res);
      dispatch(req, res).catch((e: Error) => fail(e, req, res));
    };
    const path = req.path.toLowerCase();
    // Operator and reference pages outside the partner contract (docs/operators/running.md#health-and-reference), matched as express routes would be.
    if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/metrics' || path === '/metrics/')) {
      res.locals.route = 'metrics';
      registry.metrics().then(
        (text) => res.type(registry.contentType).send(text),
        (e: Error) => fail(e, req, res),
      );
      return;
    }
    const afterPages = () => (hasBody(req) ? parseBody(req, res, toApi) : toApi());
    if (path.startsWith('/docs'))
      return void docs(req, res, (err?: unknown) => (err ? fail(err as Error, req, res) : afterPages()));
    if (path === '/console' || path.startsWith('/console/')) return serveConsole(req, res, afterPages);
    afterPages();
  };
  app.use(serveRequest);

  // What express's app.handle does before its router, without the router and its final handler:
  // the app has one layer, and those cost more per request than the layer itself.
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const r = req as Request;
    const s = res as Response;
    r.res = s;
    s.req = r;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    s.locals = Object.create(null) as Response['locals'];
    try {
      serveRequest(r, s);
    } catch (err) {
      fail(err as Error, r, s);
    }
  };

  /**
   * The console (docs/operators/console.md): its API calls under /console/api/ go to the same API
   * with the session cookie as credential; /console/session signs in and out; the rest is the built UI.
   */
  function serveConsole(req: Request, res: Response, toApi: () => void): void {
    const path = req.path.toLowerCase();
    if (path.startsWith('/console/api/')) {
      req.url = req.url.slice('/console/api'.length);
      res.locals.viaConsole = true;
      return toApi();
    }
    if (path === '/console/session' || path.startsWith('/console/session/')) {
      res.locals.route = 'console-session';
      const answer = (): void => {
        consoleSession(services, {
          method: req.method,
          subpath: path.slice('/console/session'.length).replace(/\/$/, ''),
          body: req.body,
          headers: req.headers,
          secure: req.secure || services.config.publicBaseUrl.startsWith('https://'),
          ip: req.ip,
        }).then(
          (result) => send(res, result),
          (e: Error) => fail(e, req, res),
        );
      };
      return hasBody(req)
        ? void json(req, res, (err?: unknown) => (err ? fail(err as Error, req, res) : answer()))
        : answer();
    }
    res.locals.route = 'console';
    consolePages(req, res, (err?: unknown) =>
      err ? fail(err as Error, req, res) : void res.status(404).type('text/plain').send('Not found'),
    );
  }

  /** JSON for every path, form-encoded for the SMS callbacks (mounted at /webhooks/sms as before) and the one-click opt-out. */
  function parseBody(req: Request, res: Response, done: (err?: unknown) => void): void {
    json(req, res, (err?: unknown) => {
      if (err || !isFormPath(req.path)) return done(err);
      form(req, res, done);
    });
  }

  return { app, handler, api };
}

function parseFailure(api: Api, req: Request, status: number, message: string): HandlerResult {
  const operationId = api.matchOperation({ method: req.method, path: req.path, headers: {} })?.operationId;
  const code = status === 413 ? 'payload_too_large' : status === 500 ? 'internal_error' : 'invalid_request';
  if (errorFamilyOf(operationId) === 'page') return errorPage(status, message);
  return { status, body: errorBody(errorFamilyOf(operationId), status, code, message) };
}

/** What body-parser's `type-is` counts as a request with a body; without one the parsers do nothing. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || !isNaN(req.headers['content-length'] as unknown as number);
}

function isFormPath(path: string): boolean {
  const p = path.toLowerCase();
  return p === '/webhooks/sms' || p.startsWith('/webhooks/sms/') || p.startsWith('/unsubscribe/email/');
}

function decodesCleanly(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function send(res: Response, result: HandlerResult): void {
  if (result.headers) res.set(result.headers);
  if (result.body === undefined) res.status(result.status).end();
  else if (Buffer.isBuffer(result.body)) res.status(result.status).send(result.body);
  else if (res.hasHeader('Content-Type')) res.status(result.status).json(result.body);
  else {
    // What res.json and res.send do for a JSON body here, minus their per-request generality (the
    // freshness check is moot: the service sets no ETag or Last-Modified).
    const text = JSON.stringify(result.body);
    res.statusCode = result.status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
  }
}
