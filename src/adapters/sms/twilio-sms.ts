import twilio from 'twilio';
import type { LineTypeResult, OutgoingSms, SmsProvider, SmsSendResult } from '../../domain/ports/sms.js';
import { twilioClient, type TwilioClientSettings } from './twilio-client.js';

/**
 * SMS through Twilio Programmable Messaging with the official `twilio` library (docs/operators/sms-provider.md):
 * `messages.create` (form POST /2010-04-01/Accounts/{AccountSid}/Messages.json, Basic auth) answers
 * 201 with the Message resource; delivery arrives later on StatusCallback, signed with
 * X-Twilio-Signature and checked with `twilio.validateRequest`.
 *
 * A 4xx other than 429 is Twilio refusing this message (e.g. 21211 invalid number, 21610 the
 * recipient replied STOP, 20003 the credentials): the result carries Twilio's code, whose meaning
 * the dispatcher reads (src/domain/messages/sms-errors.ts, each code cited from Twilio's error
 * pages). A 429, a 5xx, a timeout or a network failure throws: the dispatcher tries again later.
 * The library never repeats the create itself.
 *
 * With a Messaging Service (`messagingServiceSid`) the create names the service instead of `From`:
 * Twilio picks the sender from the service's pool
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
 */
export class TwilioSms implements SmsProvider {
  private readonly client: twilio.Twilio;

  constructor(private readonly settings: TwilioClientSettings) {
    this.client = twilioClient(settings);
  }

  async send(sms: OutgoingSms): Promise<SmsSendResult> {
    let message;
    try {
      message = await this.client.messages.create({
        to: sms.to,
        ...(sms.messagingServiceSid ? { messagingServiceSid: sms.messagingServiceSid } : { from: sms.from }),
        body: sms.body,
        statusCallback: sms.statusCallback,
      });
    } catch (err) {
      const status = providerStatus(err);
      if (status === undefined) throw err; // no answer: network failure or timeout
      const { code, message: text } = err as { code?: number; message?: string };
      if (status >= 400 && status < 500 && status !== 429) {
        return {
          accepted: false,
          permanent: true,
          reason: `${code ?? status}: ${text ?? 'refused by the SMS provider'}`,
          ...(typeof code === 'number' ? { code } : {}),
        };
      }
      throw new Error(`SMS provider answered ${status}${code ? ` (${code}: ${text})` : ''}`, { cause: err });
    }
    if (!message.sid) throw new Error('SMS provider answered without a message sid');
    return { accepted: true, providerMessageId: message.sid, status: message.status ?? 'queued' };
  }

  /**
   * Lookup v2 Line Type Intelligence through the library
   * (https://www.twilio.com/docs/lookup/v2-api/line-type-intelligence): GET
   * lookups.twilio.com/v2/PhoneNumbers/{n}?Fields=line_type_intelligence. A number Twilio finds
   * invalid (`valid: false`) is not found for good; a package error (`error_code`, e.g. 60600
   * unprovisioned or out of coverage) is not found, not for good; a 4xx refusal keeps Twilio's code
   * (20003: the credentials); a 429, a 5xx or no answer throws.
   */
  async lineType(phoneNumber: string): Promise<LineTypeResult> {
    let found;
    try {
      found = await this.client.lookups.v2.phoneNumbers(phoneNumber).fetch({ fields: 'line_type_intelligence' });
    } catch (err) {
      const status = providerStatus(err);
      if (status === undefined || status === 429 || status >= 500) throw err;
      const { code, message: text } = err as { code?: number; message?: string };
      return {
        found: false,
        code: typeof code === 'number' ? code : null,
        reason: `${code ?? status}: ${text ?? 'refused by the lookup'}`,
        permanent: true,
      };
    }
    if (found.valid === false)
      return {
        found: false,
        code: null,
        reason: `invalid number (${(found.validationErrors ?? []).join(', ') || 'no reason given'})`,
        permanent: true,
      };
    const line = found.lineTypeIntelligence;
    if (!line?.type)
      return {
        found: false,
        code: line?.errorCode ?? null,
        reason: `no line type${line?.errorCode ? ` (error ${line.errorCode})` : ''}`,
        permanent: false,
      };
    return { found: true, lineType: line.type, carrierName: line.carrierName ?? null };
  }

  /**
   * The Account resource (https://www.twilio.com/docs/iam/api/account#fetch-an-account-resource):
   * `client.api.v2010.accounts(sid).fetch()`; `status` is `active`, `suspended` or `closed`.
   */
  async account() {
    try {
      const a = await this.client.api.v2010.accounts(this.settings.accountSid).fetch();
      return { ok: true as const, status: a.status, name: a.friendlyName ?? null };
    } catch (err) {
      if (providerStatus(err) === undefined) throw err;
      const { code, message: text, status } = err as { code?: number; message?: string; status: number };
      return { ok: false as const, code: typeof code === 'number' ? code : null, reason: `${code ?? status}: ${text}` };
    }
  }

  /** The Messaging Service (https://www.twilio.com/docs/messaging/api/service-resource#fetch-a-service-resource). */
  async messagingService(sid: string) {
    try {
      const s = await this.client.messaging.v1.services(sid).fetch();
      return { found: true as const, name: s.friendlyName ?? null };
    } catch (err) {
      if (providerStatus(err) === undefined) throw err;
      const { code, message: text, status } = err as { code?: number; message?: string; status: number };
      return { found: false as const, reason: `${code ?? status}: ${text}` };
    }
  }

  verifyCallback(url: string, params: Record<string, string>, signature: string | undefined): boolean {
    try {
      return twilio.validateRequest(this.settings.authToken, signature ?? '', url, params);
    } catch {
      return false; // it parses the URL with `new URL`, which throws on one it cannot read: not signed
    }
  }
}

/** The HTTP status of an error answer the library raised (RestException, or its RFC 9457 variant). */
function providerStatus(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return err instanceof Error && typeof status === 'number' ? status : undefined;
}
