import { randomBytes } from 'node:crypto';

/**
 * Twilio's Message resource as the REST API answers it (https://www.twilio.com/docs/messaging/api/message-resource):
 * every property the official library reads into `MessageInstance`, snake_case, counts as strings,
 * dates in RFC 2822 (null until they happen).
 */
export interface MessageResource {
  account_sid: string;
  api_version: '2010-04-01';
  body: string;
  date_created: string;
  date_sent: string | null;
  date_updated: string;
  direction: 'outbound-api' | 'inbound';
  error_code: number | null;
  error_message: string | null;
  from: string;
  messaging_service_sid: string | null;
  num_media: string;
  num_segments: string;
  price: string | null;
  price_unit: string;
  sid: string;
  status: string;
  subresource_uris: { media: string; feedback: string };
  to: string;
  uri: string;
}

/** An error answer of the 2010 API (https://www.twilio.com/docs/usage/twilios-response): the library's RestException reads each field. */
export interface TwilioError {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

export function twilioError(status: number, code: number, message: string): TwilioError {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

/** "Thu, 26 Nov 2026 19:00:00 +0000", the form the library parses (`ddd, DD MMM YYYY HH:mm:ss +0000`). */
export function rfc2822(at: Date): string {
  return at.toUTCString().replace(/GMT$/, '+0000');
}

export function newSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

export function messageResource(
  accountSid: string,
  fields: { sid: string; to: string; from: string; body: string; at: Date; direction: MessageResource['direction'] },
): MessageResource {
  const base = `/2010-04-01/Accounts/${accountSid}/Messages/${fields.sid}`;
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: fields.body,
    date_created: rfc2822(fields.at),
    date_sent: null,
    date_updated: rfc2822(fields.at),
    direction: fields.direction,
    error_code: null,
    error_message: null,
    from: fields.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: String(segments(fields.body)),
    price: null,
    price_unit: 'USD',
    sid: fields.sid,
    status: fields.direction === 'inbound' ? 'received' : 'queued',
    subresource_uris: { media: `${base}/Media.json`, feedback: `${base}/Feedback.json` },
    to: fields.to,
    uri: `${base}.json`,
  };
}

// GSM 03.38: the default alphabet takes one septet, its extension table two (escape + character).
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('^{}\\[~]|€\f');

/**
 * SMS segments of a body (https://www.twilio.com/docs/glossary/what-sms-character-limit): GSM-7
 * holds 160 septets in one segment, 153 per segment when concatenated; anything else is UCS-2, 70
 * code units in one, 67 per segment.
 */
export function segments(body: string): number {
  let septets = 0;
  for (const ch of body) {
    if (GSM7.has(ch)) septets += 1;
    else if (GSM7_EXTENSION.has(ch)) septets += 2;
    else return body.length <= 70 ? 1 : Math.ceil(body.length / 67);
  }
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}
