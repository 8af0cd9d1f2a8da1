/** The email port (docs/architecture/layers.md#ports-and-adapters): hands one message to a mail transfer agent. */
export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** RFC 5322 Message-ID derived from the scheduled message, so a receiver can recognise a duplicate. */
  messageId: string;
  headers: Record<string, string>;
}

export type EmailSendResult =
  | { accepted: true; providerMessageId: string }
  /** `permanent`: a hard bounce (5xx for the recipient): the address must not be used again. */
  | { accepted: false; permanent: boolean; reason: string };

export interface EmailSender {
  /** Throws only when the outcome is unknown or the server is unreachable (transient). */
  send(email: OutgoingEmail): Promise<EmailSendResult>;
  close(): Promise<void>;
}
