import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody, renderCustomer, renderLoan } from './render.js';
import type { LoanProSeed } from './seed.js';

/** A fault the simulator applies to the next `times` API requests (all of them when omitted). */
export interface Fault {
  /** `timeout`: never answer; `error`: answer `status` (default 503); `unauthorized`: 401; `malformed`: a `d` LoanPro never sends. */
  mode: 'timeout' | 'error' | 'unauthorized' | 'malformed' | 'none';
  status?: number;
  times?: number;
}

export interface LoanProSimulator {
  /** The API root to configure as `lms.baseUrl`. */
  baseUrl: string;
  port: number;
  instanceId: string;
  token: string;
  setFault(fault: Fault): void;
  /** API requests received (faulty ones included), newest last. */
  requests: { method: string; path: string }[];
  /** Most API requests open at the same time so far. */
  peakInFlight(): number;
  close(): Promise<void>;
}

export const API_ROOT = '/api/public/api/1';

/**
 * A real HTTP server on 127.0.0.1 that answers like LoanPro's LMS API for a seed: bearer token and
 * `Autopal-Instance-Id` checked on every request, `odata.svc/Customers({id})` and `odata.svc/Loans({id})`
 * with `$expand`, `{"d": …}` bodies, `/Date(…)/` dates, `{"results": […]}` collections, 404s in
 * LoanPro's error envelope. Faults are set in process (`setFault`) or with `POST /__simulator/fault`.
 */
export async function startLoanProSimulator(seed: LoanProSeed, opts: { port?: number; host?: string } = {}): Promise<LoanProSimulator> {
  let fault: Fault = { mode: 'none' };
  const requests: LoanProSimulator['requests'] = [];
  let inFlight = 0;
  let peak = 0;
  const host = opts.host ?? '127.0.0.1';

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (url.pathname === '/__simulator/fault' && req.method === 'POST') {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => {
        try {
          fault = JSON.parse(text) as Fault;
          send(res, 200, { fault });
        } catch {
          send(res, 400, errorBody(400, 'fault must be JSON', 'BadRequest'));
        }
      });
      return;
    }
    if (!url.pathname.startsWith(`${API_ROOT}/odata.svc/`)) return send(res, 404, errorBody(404, 'Not found', 'NotFound'));
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    peak = Math.max(peak, ++inFlight);
    res.once('close', () => (inFlight -= 1));

    const active = fault.mode !== 'none' && (fault.times === undefined || fault.times > 0) ? fault : undefined;
    if (active && active.times !== undefined) active.times -= 1;
    if (active?.mode === 'timeout') return; // the socket stays open until the client gives up or the server closes
    if (active?.mode === 'error') return send(res, active.status ?? 503, errorBody(active.status ?? 503, 'Service Unavailable', 'ServerError'));

    const auth = req.headers.authorization;
    if (active?.mode === 'unauthorized' || auth !== `Bearer ${seed.token}` || req.headers['autopal-instance-id'] !== seed.instanceId) {
      return send(res, 401, errorBody(401, 'Unauthorized: invalid token or Autopal-Instance-Id', 'UnauthorizedException'));
    }
    if (req.method !== 'GET') return send(res, 405, errorBody(405, 'Method not allowed', 'MethodNotAllowed'));

    const root = `http://${host}:${port}${API_ROOT}/odata.svc`;
    const expand = new Set((url.searchParams.get('$expand') ?? '').split(',').map((s) => s.trim()).filter(Boolean));
    const m = /^\/odata\.svc\/(Customers|Loans)\((\d+)\)$/.exec(url.pathname.slice(API_ROOT.length));
    if (!m) return send(res, 404, errorBody(404, `Resource not found for the segment '${url.pathname}'`, 'NotFound'));
    const id = Number(m[2]);
    if (m[1] === 'Customers') {
      const customer = seed.customers.find((c) => c.id === id);
      if (!customer) return send(res, 404, errorBody(404, `Resource not found for the segment 'Customers'`, 'ResourceNotFoundException'));
      if (active?.mode === 'malformed') return send(res, 200, { d: { id, firstName: 42 } });
      return send(res, 200, renderCustomer(root, customer, expand));
    }
    const loan = seed.loans.find((l) => l.id === id);
    if (!loan) return send(res, 404, errorBody(404, `Resource not found for the segment 'Loans'`, 'ResourceNotFoundException'));
    if (active?.mode === 'malformed') return send(res, 200, { d: { id, LoanSetup: { loanAmount: 'lots' }, Customers: { results: loan.customerIds.map((c) => ({ id: c })) } } });
    const owners = seed.customers.filter((c) => loan.customerIds.includes(c.id));
    return send(res, 200, renderLoan(root, loan, owners, expand));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://${host}:${port}${API_ROOT}`,
    port,
    instanceId: seed.instanceId,
    token: seed.token,
    setFault: (f) => void (fault = { ...f }),
    requests,
    peakInFlight: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // held (timeout-mode) requests too
      }),
  };
}
