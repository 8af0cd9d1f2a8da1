import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messagingSignature } from '../../adapters/sms/signature.js';
import { smsOutcomeFor } from './magic-numbers.js';

export interface SimulatedSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  errorCode: number | null;
  statusCallback: string | null;
  createdAt: string;
}

export interface SmsSimulatorOptions {
  accountSid?: string;
  authToken?: string;
  /** Where inbound messages are delivered (the number's "A message comes in" webhook). */
  inboundUrl?: string;
}

const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const OPT_IN = new Set(['START', 'UNSTOP', 'YES']);
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * A real HTTP server speaking the Twilio Messaging protocol the SMS adapter uses: Basic-auth,
 * form-encoded POST /2010-04-01/Accounts/{Sid}/Messages.json → 201 {sid, status: queued}; then
 * signed status callbacks (sent, then delivered / undelivered / failed per the magic numbers).
 * Like the real provider it refuses numbers that replied STOP (error 21610). Control endpoints
 * for tests and demos: POST /simulator/inbound {From, To, Body} delivers an inbound text to the
 * inbound webhook; GET /simulator/messages lists what was sent.
 */
export class SmsSimulator {
  readonly messages: SimulatedSms[] = [];
  readonly accountSid: string;
  readonly authToken: string;
  inboundUrl: string | undefined;
  private readonly optedOut = new Set<string>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly server = http.createServer((req, res) => void this.route(req, res));
  private port = 0;

  constructor(opts: SmsSimulatorOptions = {}) {
    this.accountSid = opts.accountSid ?? 'ACsimulator';
    this.authToken = opts.authToken ?? 'simulator-auth-token';
    this.inboundUrl = opts.inboundUrl;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Resolves when every callback already started has been delivered (tests). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  async stop(): Promise<void> {
    await this.settled();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Delivers an inbound text (From the borrower To our number) to the inbound webhook, signed. */
  async inbound(params: { From: string; To: string; Body: string }): Promise<number> {
    const keyword = params.Body.trim().toUpperCase();
    if (OPT_OUT.has(keyword)) this.optedOut.add(`${params.From}>${params.To}`);
    if (OPT_IN.has(keyword)) this.optedOut.delete(`${params.From}>${params.To}`);
    if (!this.inboundUrl) return 0;
    const form = { MessageSid: sid(), AccountSid: this.accountSid, From: params.From, To: params.To, Body: params.Body, NumMedia: '0' };
    return this.post(this.inboundUrl, form);
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = url.pathname.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/);
      if (req.method === 'POST' && send) return await this.create(req, res, decodeURIComponent(send[1]!));
      if (req.method === 'POST' && url.pathname === '/simulator/inbound') {
        const body = JSON.parse((await readBody(req)) || '{}') as { From: string; To: string; Body: string };
        return json(res, 200, { webhookStatus: await this.inbound(body) });
      }
      if (req.method === 'GET' && url.pathname === '/simulator/messages') return json(res, 200, this.messages);
      json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    } catch (err) {
      json(res, 500, { code: 20500, message: (err as Error).message, status: 500 });
    }
  }

  private async create(req: IncomingMessage, res: ServerResponse, accountSid: string): Promise<void> {
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (accountSid !== this.accountSid || req.headers.authorization !== expected) {
      return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const { To: to, From: from, Body: body, StatusCallback: callback } = form;
    if (!to || !E164.test(to)) return json(res, 400, { code: 21211, message: `The 'To' number ${to ?? ''} is not a valid phone number.`, status: 400 });
    if (!from) return json(res, 400, { code: 21603, message: "A 'From' phone number is required.", status: 400 });
    if (!body) return json(res, 400, { code: 21602, message: 'Message body is required.', status: 400 });
    if (this.optedOut.has(`${to}>${from}`)) return json(res, 400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 });
    const outcome = smsOutcomeFor(to);
    if (outcome.createStatus) return json(res, outcome.createStatus, { code: 20503, message: 'Service unavailable', status: outcome.createStatus });
    const message: SimulatedSms = { sid: sid(), to, from, body, status: 'queued', errorCode: null, statusCallback: callback ?? null, createdAt: new Date().toISOString() };
    this.messages.push(message);
    json(res, 201, { sid: message.sid, account_sid: this.accountSid, to, from, body, status: 'queued', date_created: message.createdAt, error_code: null, error_message: null });
    if (callback) this.track(this.report(message, callback, outcome));
  }

  /** Status callbacks in order: sent, then the final status. */
  private async report(message: SimulatedSms, callback: string, outcome: ReturnType<typeof smsOutcomeFor>): Promise<void> {
    for (const status of ['sent', outcome.final]) {
      message.status = status;
      const form: Record<string, string> = {
        MessageSid: message.sid, SmsSid: message.sid, AccountSid: this.accountSid, From: message.from, To: message.to,
        MessageStatus: status, SmsStatus: status, ApiVersion: '2010-04-01',
      };
      if (status !== 'sent' && outcome.errorCode) {
        form.ErrorCode = String(outcome.errorCode);
        message.errorCode = outcome.errorCode;
      }
      await this.post(callback, form).catch(() => 0);
    }
  }

  private async post(url: string, form: Record<string, string>): Promise<number> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': messagingSignature(this.authToken, url, form) },
      body: new URLSearchParams(form),
    });
    await res.arrayBuffer();
    return res.status;
  }

  private track(p: Promise<unknown>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }
}

function sid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
