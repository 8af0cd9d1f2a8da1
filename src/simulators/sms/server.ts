import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { smsOutcomeFor, type SmsOutcome } from './magic-numbers.js';
import {
  messageResource,
  newSid,
  rfc2822,
  twilioError,
  type MessageResource,
  type TwilioError,
} from './message-resource.js';

export interface SmsSimulatorOptions {
  accountSid?: string;
  authToken?: string;
  /** Where inbound messages are delivered (the number's "A message comes in" webhook). */
  inboundUrl?: string;
}

const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const OPT_IN = new Set(['START', 'UNSTOP', 'YES']);
const E164 = /^\+[1-9]\d{7,14}$/;
/** Messages kept for GET and /simulator/messages, the oldest forgotten first (it runs inside `outreach serve`). */
const KEPT = 20_000;
const MESSAGES = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
const MESSAGE = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\/([^/]+)\.json$/;

/**
 * A real HTTP server speaking Twilio Programmable Messaging as the official `twilio` library sends
 * and reads it (docs/operators/sms-provider.md): Basic auth; form-encoded
 * POST /2010-04-01/Accounts/{Sid}/Messages.json → 201 with the full Message resource;
 * GET …/Messages/{Sid}.json; error bodies {code, message, more_info, status}. Then status callbacks
 * signed with X-Twilio-Signature (sent, then delivered / undelivered, or failed, per the magic
 * numbers). Like Twilio it refuses numbers that replied STOP (21610). Control endpoints for tests
 * and demos: POST /simulator/inbound {From, To, Body} delivers an inbound text to the inbound
 * webhook; GET /simulator/messages lists what was sent.
 */
export class SmsSimulator {
  readonly accountSid: string;
  readonly authToken: string;
  inboundUrl: string | undefined;
  private readonly sent = new Map<string, MessageResource>();
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

  /** The outbound messages accepted, oldest first, as their Message resources stand now. */
  get messages(): MessageResource[] {
    return [...this.sent.values()];
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

  /**
   * Delivers an inbound text (From the borrower To our number) to the inbound webhook, signed, with
   * the parameters of https://www.twilio.com/docs/messaging/guides/webhook-request. Returns the
   * webhook's HTTP status (0 without an inbound URL).
   */
  async inbound(params: { From: string; To: string; Body: string }): Promise<number> {
    const keyword = params.Body.trim().toUpperCase();
    if (OPT_OUT.has(keyword)) this.optedOut.add(`${params.From}>${params.To}`);
    if (OPT_IN.has(keyword)) this.optedOut.delete(`${params.From}>${params.To}`);
    if (!this.inboundUrl) return 0;
    const m = messageResource(this.accountSid, {
      sid: newSid(),
      to: params.To,
      from: params.From,
      body: params.Body,
      at: new Date(),
      direction: 'inbound',
    });
    const country = (n: string) => (n.startsWith('+1') ? 'US' : ''); // the simulator knows no city, state or ZIP: sent empty, as Twilio does when it has none
    return this.post(this.inboundUrl, {
      ToCountry: country(m.to),
      ToState: '',
      ToCity: '',
      ToZip: '',
      FromCountry: country(m.from),
      FromState: '',
      FromCity: '',
      FromZip: '',
      SmsMessageSid: m.sid,
      SmsSid: m.sid,
      MessageSid: m.sid,
      AccountSid: this.accountSid,
      SmsStatus: 'received',
      From: m.from,
      To: m.to,
      Body: m.body,
      NumMedia: m.num_media,
      NumSegments: m.num_segments,
      ApiVersion: m.api_version,
    });
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const list = url.pathname.match(MESSAGES);
      const one = url.pathname.match(MESSAGE);
      if ((list || one) && !this.authenticated(req, decodeURIComponent((list ?? one)![1]))) {
        res.setHeader('WWW-Authenticate', 'Basic realm="Twilio API"');
        return json(res, 401, {
          ...twilioError(401, 20003, 'Authenticate'),
          detail: 'Your AccountSid or AuthToken was incorrect.',
        });
      }
      if (req.method === 'POST' && list) return await this.create(req, res);
      if (req.method === 'GET' && one) {
        const m = this.sent.get(decodeURIComponent(one[2]));
        return m
          ? json(res, 200, m)
          : json(res, 404, twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
      }
      if (req.method === 'POST' && url.pathname === '/simulator/inbound') {
        const body = JSON.parse((await readBody(req)) || '{}') as { From: string; To: string; Body: string };
        return json(res, 200, { webhookStatus: await this.inbound(body) });
      }
      if (req.method === 'GET' && url.pathname === '/simulator/messages') return json(res, 200, this.messages);
      json(res, 404, twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
    } catch (err) {
      json(res, 500, twilioError(500, 20500, (err as Error).message));
    }
  }

  private authenticated(req: IncomingMessage, accountSid: string): boolean {
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    return accountSid === this.accountSid && req.headers.authorization === expected;
  }

  private async create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const { To: to, From: from, Body: body, StatusCallback: callback } = form;
    const refused = refusal(to, from, body) ?? (this.optedOut.has(`${to}>${from}`) ? SMS_UNSUBSCRIBED : undefined);
    if (refused) return json(res, refused.status, refused);
    const outcome = smsOutcomeFor(to);
    if (outcome.refusal)
      return json(
        res,
        outcome.refusal.status,
        twilioError(outcome.refusal.status, outcome.refusal.code, outcome.refusal.message),
      );
    const message = messageResource(this.accountSid, {
      sid: newSid(),
      to: to,
      from: from,
      body: body,
      at: new Date(),
      direction: 'outbound-api',
    });
    this.sent.set(message.sid, message);
    if (this.sent.size > KEPT) this.sent.delete(this.sent.keys().next().value!);
    json(res, 201, message);
    // No callback for the initial status (queued): https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks
    if (callback) this.track(this.report(message, callback, outcome));
  }

  /**
   * Status callbacks (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status):
   * sent then delivered or undelivered; failed alone (never sent). ErrorCode on undelivered and
   * failed; RawDlrDoneDate (YYMMDDhhmm) on the carrier's delivered or undelivered receipt.
   */
  private async report(message: MessageResource, callback: string, outcome: SmsOutcome): Promise<void> {
    for (const status of outcome.final === 'failed' ? ['failed'] : ['sent', outcome.final]) {
      const now = new Date();
      Object.assign(message, { status, date_updated: rfc2822(now) });
      if (status === 'sent')
        Object.assign(message, { date_sent: rfc2822(now), price: (-0.0079 * Number(message.num_segments)).toFixed(5) });
      const form: Record<string, string> = {
        AccountSid: this.accountSid,
        ApiVersion: message.api_version,
        From: message.from,
        To: message.to,
        MessageSid: message.sid,
        SmsSid: message.sid,
        MessageStatus: status,
        SmsStatus: status,
      };
      if (status === 'delivered' || status === 'undelivered')
        form.RawDlrDoneDate = now.toISOString().replace(/\D/g, '').slice(2, 12);
      if (status !== 'sent' && outcome.errorCode) {
        form.ErrorCode = String(outcome.errorCode);
        Object.assign(message, { error_code: outcome.errorCode, error_message: outcome.errorMessage ?? null });
      }
      await this.post(callback, form).catch(() => 0);
    }
  }

  private async post(url: string, form: Record<string, string>): Promise<number> {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': twilio.getExpectedTwilioSignature(this.authToken, url, form),
      },
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

const SMS_UNSUBSCRIBED = twilioError(400, 21610, 'Attempt to send to unsubscribed recipient');

/** Twilio's answers to a create request it cannot take (https://www.twilio.com/docs/api/errors). */
function refusal(to: string | undefined, from: string | undefined, body: string | undefined): TwilioError | undefined {
  if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
  if (!E164.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
  if (!from) return twilioError(400, 21603, "A 'From' phone number is required.");
  if (!body) return twilioError(400, 21602, 'Message body is required.');
  if (body.length > 1600)
    return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  return undefined;
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
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
