/** The SMS port (docs/architecture/layers.md#ports-and-adapters): hands one text to an SMS provider; delivery is reported later by callback. */
export interface OutgoingSms {
  to: string;
  from: string;
  body: string;
  /** Where the provider reports queued/sent/delivered/undelivered/failed. */
  statusCallback: string;
}

export type SmsSendResult =
  | { accepted: true; providerMessageId: string; status: string }
  /** `permanent`: the provider refused this message for good (invalid number, opted out…). */
  | { accepted: false; permanent: boolean; reason: string };

export interface SmsProvider {
  /** Throws only when the outcome is unknown or the provider is unreachable (transient). */
  send(sms: OutgoingSms): Promise<SmsSendResult>;
  /** True when a callback's signature was made with this provider's credentials. */
  verifyCallback(url: string, params: Record<string, string>, signature: string | undefined): boolean;
}

/** Delivery reports from the provider, mapped to the service's message statuses. */
export type SmsDeliveryStatus = 'sent' | 'delivered' | 'undelivered' | 'failed';
