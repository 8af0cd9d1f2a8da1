import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type TwilioResponse from 'twilio/lib/http/response.js';

/**
 * Twilio's client has no base-URL option; its documented extension point is the HTTP client it is
 * given (`httpClient`). This one sends each request the library builds for https://api.twilio.com to
 * `baseUrl` instead (the simulator, a sandbox, or Twilio itself), path and query unchanged, so the
 * library's own serialization, Basic auth and response parsing are what reach the wire. 429
 * auto-retry stays off: Messages has no idempotency key, and a repeated create would text twice.
 */
export class BaseUrlRequestClient extends twilio.RequestClient {
  private readonly baseUrl: string;

  constructor(baseUrl: string, timeoutMs: number) {
    super({ timeout: timeoutMs, autoRetry: false });
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<TwilioResponse.default<TData>> {
    const url = new URL(opts.uri);
    return super.request({ ...opts, uri: `${this.baseUrl}${url.pathname}${url.search}` });
  }
}

export interface TwilioClientSettings {
  /** https://api.twilio.com, or the simulator's http://127.0.0.1:PORT */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  timeoutMs?: number;
}

/** The official client, authenticated with the account's SID and auth token, speaking to `baseUrl`. */
export function twilioClient(settings: TwilioClientSettings): twilio.Twilio {
  return twilio(settings.accountSid, settings.authToken, {
    httpClient: new BaseUrlRequestClient(settings.baseUrl, settings.timeoutMs ?? 10_000),
    autoRetry: false,
  });
}
