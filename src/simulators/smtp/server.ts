import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string | null;
  headers: Record<string, string>;
  receivedAt: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts (the sandbox and the tests'
 * mail server). Recipients whose local part starts with `bounce` are refused with
 * `550 5.1.1 mailbox unavailable`: a hard bounce, like a real server's unknown user.
 */
export class LocalSmtpServer {
  readonly received: ReceivedEmail[] = [];
  private readonly server: SMTPServer;
  private port = 0;

  constructor(private readonly opts: { maxKept?: number } = {}) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 10 * 1024 * 1024,
      onRcptTo: (address, _session, callback) => {
        if (/^bounce/i.test(address.address)) {
          const err = Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 });
          return callback(err);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        // mailparser (with its charset tables) loads with the first message: `serve` starts this
        // server on every sandbox default, and most processes never receive a mail (~5 MB of heap).
        import('mailparser')
          .then(({ simpleParser }) => simpleParser(stream))
          .then((mail) => {
            // Raw header lines: mailparser turns some headers (List-Unsubscribe…) into objects.
            const headers: Record<string, string> = {};
            for (const { key, line } of mail.headerLines) headers[key] = line.slice(line.indexOf(':') + 1).trim();
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? null,
              headers,
              receivedAt: new Date().toISOString(),
            });
            const max = this.opts.maxKept ?? 10_000;
            if (this.received.length > max) this.received.splice(0, this.received.length - max);
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
