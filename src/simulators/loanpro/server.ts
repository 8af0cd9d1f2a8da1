import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody, listItems, LISTS, NAV, PAGE_SIZE, renderCustomer, renderList, renderLoan } from './render.js';
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
  /**
   * Test control: the loan's current status and sub-status change as LoanPro would show them on its
   * next read (the newest daily snapshot, `StatusArchive`, takes the new texts).
   */
  setLoanStatus(loanId: number, status: { loanStatusText: string; loanSubStatusText: string }): void;
  /** Test control: a customer's phone (by its digits) is switched to Do Not Call (`dndEnabled`) or back. */
  setPhoneDnd(customerId: number, phone: string, enabled: boolean): void;
  /** API requests received (faulty ones included), newest last. */
  requests: { method: string; path: string }[];
  /** Most API requests open at the same time so far. */
  peakInFlight(): number;
  close(): Promise<void>;
}

export const API_ROOT = '/api/public/api/1';

export interface SimulatorOptions {
  port?: number;
  host?: string;
  /**
   * Whether `nopaging` turns paging off (default true, as LoanPro documents). `false` makes the
   * simulator page every list anyway, for clients that must then follow the summary.
   */
  nopaging?: boolean;
}

/** A count in a query parameter (`$top`, `$skip`), or the default when absent or not a count. */
function count(value: string | null, fallback: number, min: number): number {
  const n = value === null ? NaN : Number(value);
  return Number.isSafeInteger(n) && n >= min ? n : fallback;
}

/**
 * A real HTTP server on 127.0.0.1 that answers like LoanPro's LMS API for a seed: bearer token and
 * `Autopal-Instance-Id` checked on every request, `odata.svc/Customers({id})` and `odata.svc/Loans({id})`
 * with `$expand`, their lists (`Customers({id})/Phones`, `Loans({id})/StatusArchive`,
 * `Loans({id})/Customers`) paged at 50 with `$top`, `$skip`, `nopaging` and a `summary`, `{"d": …}`
 * bodies, `/Date(…)/` dates (the zero date for "no date"), `{"results": […]}` collections, 409 for a
 * missing id and 404 for an unknown endpoint in LoanPro's error envelope. Faults are set in process
 * (`setFault`) or with `POST /__simulator/fault`.
 */
export async function startLoanProSimulator(seed: LoanProSeed, opts: SimulatorOptions = {}): Promise<LoanProSimulator> {
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
    // An invalid endpoint outside the API is LoanPro's rare 404 (https://developers.loanpro.io/docs/response-codes).
    if (!url.pathname.startsWith(`${API_ROOT}/odata.svc/`))
      return send(res, 404, errorBody(404, 'Not found', 'NotFound'));
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    peak = Math.max(peak, ++inFlight);
    res.once('close', () => (inFlight -= 1));

    const active = fault.mode !== 'none' && (fault.times === undefined || fault.times > 0) ? fault : undefined;
    if (active && active.times !== undefined) active.times -= 1;
    if (active?.mode === 'timeout') return; // the socket stays open until the client gives up or the server closes
    if (active?.mode === 'error')
      return send(res, active.status ?? 503, errorBody(active.status ?? 503, 'Service Unavailable', 'ServerError'));

    const auth = req.headers.authorization;
    if (
      active?.mode === 'unauthorized' ||
      auth !== `Bearer ${seed.token}` ||
      req.headers['autopal-instance-id'] !== seed.instanceId
    ) {
      return send(
        res,
        401,
        errorBody(401, 'Unauthorized: invalid token or Autopal-Instance-Id', 'UnauthorizedException'),
      );
    }
    // The 409 causes of https://developers.loanpro.io/docs/response-codes, each with its own message
    // (LoanPro's own message texts are not documented; only "id ... does not exist" reads as not found).
    const conflict = (message: string) => send(res, 409, errorBody(409, message, 'ODataException'));
    // "Missing required payload fields": the simulator stores nothing, so any write lacks them.
    if (req.method !== 'GET') return conflict('Missing required payload fields');

    const root = `http://${host}:${port}${API_ROOT}/odata.svc`;
    const expand = new Set(
      (url.searchParams.get('$expand') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    const m = /^\/odata\.svc\/(Customers|Loans)\((\d+)\)(?:\/(\w+))?$/.exec(url.pathname.slice(API_ROOT.length));
    const list = m?.[3] === undefined ? undefined : LISTS[`${m[1]}/${m[3]}`];
    // "Typos within the endpoint": an entity set or list LoanPro does not have under odata.svc.
    if (!m || (m[3] !== undefined && !list))
      return conflict(`Resource not found for the segment '${url.pathname.slice(API_ROOT.length)}'`);
    // "Mismatching payload and endpoint": an $expand of another entity's navigation property.
    const foreign = [...expand].find((e) => !NAV[m[1] as 'Customers' | 'Loans'].includes(e));
    if (foreign) return conflict(`Property '${foreign}' is not a navigation property of ${m[1]}`);
    const id = Number(m[2]);
    // A missing id is 409 (https://developers.loanpro.io/docs/response-codes); LoanPro's message text is not documented.
    const missing = (set: string) =>
      send(res, 409, errorBody(409, `${set} with id ${id} does not exist`, 'ODataException'));
    const record = m[1] === 'Customers' ? seed.customers.find((c) => c.id === id) : seed.loans.find((l) => l.id === id);
    if (!record) return missing(m[1]);
    const owners =
      m[1] === 'Loans'
        ? seed.customers.filter((c) => (record as LoanProSeed['loans'][number]).customerIds.includes(c.id))
        : [];
    if (list) {
      const all = url.searchParams.has('nopaging') && opts.nopaging !== false;
      const page = {
        start: count(url.searchParams.get('$skip'), 0, 0),
        pageSize: count(url.searchParams.get('$top'), PAGE_SIZE, 1),
        all,
      };
      return send(res, 200, renderList(root, list, listItems(record, m[3], owners), page));
    }
    if (active?.mode === 'malformed') {
      if (m[1] === 'Customers') return send(res, 200, { d: { id, firstName: 42 } });
      return send(res, 200, {
        d: { id, LoanSetup: { loanAmount: 'lots' }, Customers: { results: owners.map((c) => ({ id: c.id })) } },
      });
    }
    if (m[1] === 'Customers') return send(res, 200, renderCustomer(root, record, expand));
    return send(res, 200, renderLoan(root, record, owners, expand));
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
    setLoanStatus(loanId, status) {
      const loan = seed.loans.find((l) => l.id === loanId);
      if (!loan) throw new Error(`no loan ${loanId} in the seed`);
      const archive = Array.isArray(loan.StatusArchive) ? (loan.StatusArchive as Record<string, unknown>[]) : [];
      const newest = archive.reduce<Record<string, unknown> | undefined>(
        (a, e) => (!a || String(e.date) > String(a.date) ? e : a),
        undefined,
      );
      if (newest) Object.assign(newest, status);
      else loan.StatusArchive = [{ date: '2026-01-01', ...status }];
    },
    setPhoneDnd(customerId, phone, enabled) {
      const customer = seed.customers.find((c) => c.id === customerId);
      const phones = Array.isArray(customer?.Phones) ? (customer.Phones as Record<string, unknown>[]) : [];
      const entry = phones.find((p) => p.phone === phone);
      if (!entry) throw new Error(`no phone ${phone} of customer ${customerId} in the seed`);
      entry.dndEnabled = enabled ? 1 : 0;
    },
    requests,
    peakInFlight: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // held (timeout-mode) requests too
      }),
  };
}
