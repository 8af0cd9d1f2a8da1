import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { EmailSendResult, EmailSender, OutgoingEmail } from '../../domain/ports/email.js';

/**
 * Email over SMTP with nodemailer (pooled connections). A 5xx answer for the recipient is a hard
 * bounce (permanent); a 4xx is a soft failure the dispatcher retries later; a connection failure
 * throws (outcome unknown).
 */
export class SmtpEmailSender implements EmailSender {
  // A pool answers with the same fields as a single connection (SMTPPool.SentMessageInfo is this type).
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  /** `url`: smtp://user:pass@host:port (smtps:// for implicit TLS). */
  constructor(url: string, opts: { pool?: boolean; maxConnections?: number } = {}) {
    const local = /^smtp:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url);
    // The local sandbox server speaks plain SMTP; every other server must offer STARTTLS.
    const tls = local ? { ignoreTLS: true } : { requireTLS: !url.startsWith('smtps:') };
    this.transport =
      opts.pool === false
        ? nodemailer.createTransport({ url, ...tls })
        : nodemailer.createTransport({ url, pool: true, maxConnections: opts.maxConnections ?? 5, ...tls });
  }

  async send(email: OutgoingEmail): Promise<EmailSendResult> {
    try {
      const info = await this.transport.sendMail({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        headers: email.headers,
      });
      if (info.rejected?.length)
        return { accepted: false, permanent: true, reason: `rejected: ${info.response ?? 'recipient refused'}` };
      return { accepted: true, providerMessageId: info.messageId ?? email.messageId };
    } catch (err) {
      const e = err as Error & { responseCode?: number; response?: string; code?: string };
      if (typeof e.responseCode === 'number' && e.responseCode >= 400) {
        return { accepted: false, permanent: e.responseCode >= 500, reason: (e.response ?? e.message).slice(0, 400) };
      }
      throw err;
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
