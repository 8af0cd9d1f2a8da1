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
  /**
   * Advanced Opt-Out keywords of the Messaging Services, beside the defaults (e.g. Spanish PARAR):
   * an inbound text to a service (`MessagingServiceSid`) matching one carries `OptOutType`.
   */
  advancedOptOut?: { stop?: string[]; start?: string[]; help?: string[] };
}

const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const OPT_IN = new Set(['START', 'UNSTOP', 'YES']);
const HELP = new Set(['HELP', 'INFO']);
const MESSAGING_SERVICE = /^MG[0-9a-fA-F]{32}$/;
/** The sender the simulator picks from a Messaging Service's pool. */
export const SERVICE_POOL_NUMBER = '+15005550006';
const E164 = /^\+[1-9]\d{7,14}$/;
/** Messages kept for GET and /simulator/messages, the oldest forgotten first (it runs inside `outreach serve`). */
const KEPT = 20_000;
const MESSAGES = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
const MESSAGE = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\/([^/]+)\.json$/;
/** Lookup v2 (host lookups.twilio.com; the library's request client keeps the path). */
const LOOKUP = /^\/v2\/PhoneNumbers\/([^/]+)$/;
const ACCOUNT = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/;
/** Messaging v1 (host messaging.twilio.com). */
const SERVICE = /^\/v1\/Services\/([^/]+)$/;

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
  /** Numbers looked up through Lookup v2, in order (tests). */
  readonly lookups: string[] = [];
  /** The Account resource's `status` (`active`, `suspended`, `closed`): tests set it. */
  accountStatus = 'active';
  /** The Messaging Services the account has (SIDs); every well-formed `MG…` when unset. */
  messagingServices: Set<string> | undefined;
  private readonly advanced: { stop: Set<string>; start: Set<string>; help: Set<string> };
  private readonly sent = new Map<string, MessageResource>();
  private readonly optedOut = new Set<string>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly server = http.createServer((req, res) => void this.route(req, res));
  private port = 0;

  constructor(opts: SmsSimulatorOptions = {}) {
    this.accountSid = opts.accountSid ?? 'ACsimulator';
    this.authToken = opts.authToken ?? 'simulator-auth-token';
    this.inboundUrl = opts.inboundUrl;
    const upper = (words: string[] | undefined) => new Set((words ?? []).map((w) => w.toUpperCase()));
    this.advanced = {
      stop: upper(opts.advancedOptOut?.stop),
      start: upper(opts.advancedOptOut?.start),
      help: upper(opts.advancedOptOut?.help),
    };
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
  async inbound(params: { From: string; To: string; Body: string; MessagingServiceSid?: string }): Promise<number> {
    const keyword = params.Body.trim().toUpperCase();
    // Opt-outs are per sender: the number texted, or the whole Messaging Service it belongs to.
    const sender = `${params.From}>${params.MessagingServiceSid ?? params.To}`;
    const service = params.MessagingServiceSid !== undefined;
    const optOutType =
      OPT_OUT.has(keyword) || (service && this.advanced.stop.has(keyword))
        ? 'STOP'
        : OPT_IN.has(keyword) || (service && this.advanced.start.has(keyword))
          ? 'START'
          : HELP.has(keyword) || (service && this.advanced.help.has(keyword))
            ? 'HELP'
            : undefined;
    if (optOutType === 'STOP') this.optedOut.add(sender);
    if (optOutType === 'START') this.optedOut.delete(sender);
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
      // Sent for a Messaging Service's numbers; OptOutType only with Advanced Opt-Out, i.e. for a service:
      // https://help.twilio.com/articles/31560110671259
      ...(service ? { MessagingServiceSid: params.MessagingServiceSid! } : {}),
      ...(service && optOutType ? { OptOutType: optOutType } : {}),
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
      const account = url.pathname.match(ACCOUNT);
      if (account && req.method === 'GET') {
        if (!this.authenticated(req, decodeURIComponent(account[1])))
          return json(res, 401, twilioError(401, 20003, 'Authenticate'));
        return json(res, 200, this.accountResource());
      }
      const service = url.pathname.match(SERVICE);
      if (service && req.method === 'GET') {
        if (req.headers.authorization !== this.basicAuth())
          return json(res, 401, twilioError(401, 20003, 'Authenticate'));
        const sid = decodeURIComponent(service[1]);
        const known = MESSAGING_SERVICE.test(sid) && (this.messagingServices?.has(sid) ?? true);
        return known
          ? json(res, 200, { sid, account_sid: this.accountSid, friendly_name: `Simulated service ${sid.slice(-4)}` })
          : json(res, 404, twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
      }
      const lookup = url.pathname.match(LOOKUP);
      if (lookup && req.method === 'GET') {
        if (req.headers.authorization !== this.basicAuth()) {
          res.setHeader('WWW-Authenticate', 'Basic realm="Twilio API"');
          return json(res, 401, twilioError(401, 20003, 'Authenticate'));
        }
        return this.lookup(res, decodeURIComponent(lookup[1]), url.searchParams.get('Fields') ?? '');
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

  /** The Account resource (https://www.twilio.com/docs/iam/api/account): the fields the library reads. */
  private accountResource() {
    const at = rfc2822(new Date('2026-01-05T12:00:00Z'));
    const uri = `/2010-04-01/Accounts/${this.accountSid}.json`;
    return {
      auth_token: this.authToken,
      date_created: at,
      date_updated: at,
      friendly_name: 'Simulated account',
      owner_account_sid: this.accountSid,
      sid: this.accountSid,
      status: this.accountStatus,
      subresource_uris: { messages: uri.replace('.json', '/Messages.json') },
      type: 'Full',
      uri,
    };
  }

  private basicAuth(): string {
    return `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
  }

  private authenticated(req: IncomingMessage, accountSid: string): boolean {
    return accountSid === this.accountSid && req.headers.authorization === this.basicAuth();
  }

  /**
   * Lookup v2 (https://www.twilio.com/docs/lookup/v2-api): the phone number resource, with
   * `line_type_intelligence` when `Fields` names it
   * (https://www.twilio.com/docs/lookup/v2-api/line-type-intelligence). Magic numbers choose the
   * type, an error, an invalid number or a package error; any other valid number is `mobile`.
   */
  private lookup(res: ServerResponse, number: string, fields: string): void {
    this.lookups.push(number);
    const outcome = smsOutcomeFor(number);
    if (outcome.lookupRefusal) {
      const r = outcome.lookupRefusal;
      return json(res, r.status, twilioError(r.status, r.code, r.message));
    }
    const valid = E164.test(number) && !outcome.invalid;
    const wanted = fields.split(',').map((f) => f.trim());
    const line =
      valid && wanted.includes('line_type_intelligence')
        ? outcome.lineTypeError
          ? {
              mobile_country_code: null,
              mobile_network_code: null,
              carrier_name: null,
              type: null,
              error_code: outcome.lineTypeError,
            }
          : {
              mobile_country_code: '310',
              mobile_network_code: '260',
              carrier_name: 'Simulated Wireless',
              type: outcome.lineType ?? 'mobile',
              error_code: null,
            }
        : null;
    json(res, 200, {
      calling_country_code: number.startsWith('+1') ? '1' : null,
      country_code: number.startsWith('+1') ? 'US' : null,
      phone_number: number,
      national_format: number,
      valid,
      validation_errors: valid ? [] : [E164.test(number) ? 'INVALID_BUT_POSSIBLE' : 'NOT_A_NUMBER'],
      caller_name: null,
      sim_swap: null,
      call_forwarding: null,
      line_type_intelligence: line,
      line_status: null,
      identity_match: null,
      reassigned_number: null,
      sms_pumping_risk: null,
      phone_number_quality_score: null,
      pre_fill: null,
      url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(number)}`,
    });
  }

  private async create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const { To: to, Body: body, StatusCallback: callback, MessagingServiceSid: service } = form;
    // With a Messaging Service and no From, Twilio picks the sender from the service's pool.
    const from = form.From ?? (service ? SERVICE_POOL_NUMBER : undefined);
    const serviceRefused =
      service !== undefined && !MESSAGING_SERVICE.test(service)
        ? twilioError(400, 21701, `The Messaging Service Sid ${service} is invalid.`)
        : undefined;
    const refused =
      serviceRefused ??
      refusal(to, from, body) ??
      (this.optedOut.has(`${to}>${service ?? from}`) ? SMS_UNSUBSCRIBED : undefined);
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
    if (service) message.messaging_service_sid = service;
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
