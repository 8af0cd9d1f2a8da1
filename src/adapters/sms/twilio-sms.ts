import twilio from 'twilio';
import type { OutgoingSms, SmsProvider, SmsSendResult } from '../../domain/ports/sms.js';
import { twilioClient, type TwilioClientSettings } from './twilio-client.js';

/**
 * SMS through Twilio Programmable Messaging with the official `twilio` library (docs/operators/sms-provider.md):
 * `messages.create` (form POST /2010-04-01/Accounts/{AccountSid}/Messages.json, Basic auth) answers
 * 201 with the Message resource; delivery arrives later on StatusCallback, signed with
 * X-Twilio-Signature and checked with `twilio.validateRequest`.
 *
 * A 4xx other than 429 is Twilio refusing this message for good (e.g. 21211 invalid number, 21610
 * the recipient replied STOP): the reason keeps Twilio's code first, which the dispatcher reads. A
 * 429, a 5xx, a timeout or a network failure throws: the dispatcher tries again later. The library
 * never repeats the create itself.
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
        from: sms.from,
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
        };
      }
      throw new Error(`SMS provider answered ${status}${code ? ` (${code}: ${text})` : ''}`, { cause: err });
    }
    if (!message.sid) throw new Error('SMS provider answered without a message sid');
    return { accepted: true, providerMessageId: message.sid, status: message.status ?? 'queued' };
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
