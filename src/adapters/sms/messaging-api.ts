import type { OutgoingSms, SmsProvider, SmsSendResult } from '../../domain/ports/sms.js';
import { verifyMessagingSignature } from './signature.js';

export interface MessagingApiOptions {
  /** e.g. https://api.twilio.com, or the local simulator's http://127.0.0.1:PORT */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  timeoutMs?: number;
}

/**
 * SMS through an HTTP API modeled on Twilio Programmable Messaging: a form-encoded
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic auth (AccountSid:AuthToken)
 * answers 201 with the message `sid`; delivery arrives later on StatusCallback, signed with
 * X-Twilio-Signature. A 4xx is the provider refusing this message (e.g. 21211 invalid number,
 * 21610 the recipient replied STOP); a 5xx or a network failure leaves the outcome unknown.
 */
export class MessagingApiSms implements SmsProvider {
  private readonly url: string;
  private readonly auth: string;

  constructor(private readonly options: MessagingApiOptions) {
    this.url = `${options.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
    this.auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  }

  async send(sms: OutgoingSms): Promise<SmsSendResult> {
    const form = new URLSearchParams({ To: sms.to, From: sms.from, Body: sms.body, StatusCallback: sms.statusCallback });
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { Authorization: this.auth, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { sid?: string; status?: string; code?: number; message?: string };
    if (res.status === 201 || res.status === 200) {
      if (!body.sid) throw new Error('SMS provider answered without a message sid');
      return { accepted: true, providerMessageId: body.sid, status: body.status ?? 'queued' };
    }
    if (res.status >= 400 && res.status < 500 && res.status !== 429) {
      return { accepted: false, permanent: true, reason: `${body.code ?? res.status}: ${body.message ?? 'refused by the SMS provider'}` };
    }
    throw new Error(`SMS provider answered ${res.status}`);
  }

  verifyCallback(url: string, params: Record<string, string>, signature: string | undefined): boolean {
    return verifyMessagingSignature(this.options.authToken, url, params, signature);
  }
}
