/** The SMS port (docs/architecture/layers.md#ports-and-adapters): hands one text to an SMS provider; delivery is reported later by callback. */
export interface OutgoingSms {
  to: string;
  /** The sender number; with `messagingServiceSid` the provider picks one from the service's pool instead. */
  from: string;
  /** A Messaging Service (Twilio `MG…`): sent instead of `from` when the company configured one. */
  messagingServiceSid?: string;
  body: string;
  /** Where the provider reports queued/sent/delivered/undelivered/failed. */
  statusCallback: string;
}

export type SmsSendResult =
  | { accepted: true; providerMessageId: string; status: string }
  /**
   * `permanent`: the provider refused this message for good (invalid number, opted out…). `code`:
   * the provider's error code, which the dispatcher reads for its meaning (src/domain/messages/sms-errors.ts).
   */
  | { accepted: false; permanent: boolean; reason: string; code?: number };

/** What a line-type lookup found (Twilio Lookup v2 `line_type_intelligence.type`: mobile, landline, fixedVoip…). */
export type LineTypeResult =
  | { found: true; lineType: string; carrierName: string | null }
  /** The provider answered but could not tell (`code`: its error code, e.g. 60600 unprovisioned, 20404 invalid number). */
  | { found: false; code: number | null; reason: string; permanent: boolean };

export interface SmsProvider {
  /** Throws only when the outcome is unknown or the provider is unreachable (transient). */
  send(sms: OutgoingSms): Promise<SmsSendResult>;
  /** The number's line type; throws when the provider is unreachable or answers 429/5xx (transient). */
  lineType(phoneNumber: string): Promise<LineTypeResult>;
  /** The account behind the credentials (readiness): its status, or why it refused. */
  account(): Promise<
    { ok: true; status: string; name: string | null } | { ok: false; code: number | null; reason: string }
  >;
  /** Whether the account has this Messaging Service (readiness). */
  messagingService(sid: string): Promise<{ found: true; name: string | null } | { found: false; reason: string }>;
  /** True when a callback's signature was made with this provider's credentials. */
  verifyCallback(url: string, params: Record<string, string>, signature: string | undefined): boolean;
}

/** Delivery reports from the provider, mapped to the service's message statuses. */
export type SmsDeliveryStatus = 'sent' | 'delivered' | 'undelivered' | 'failed';
