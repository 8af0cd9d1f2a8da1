import net from 'node:net';
import { LocalSmtpServer } from '../../src/simulators/smtp/server.js';
import { SmsSimulator } from '../../src/simulators/sms/server.js';

/** A free loopback port (the service's PUBLIC_BASE_URL must be known before it starts, for callbacks). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface LocalChannels {
  smtp: LocalSmtpServer;
  sms: SmsSimulator;
  port: number;
  /** Service environment: sandbox routes to these servers, callbacks to the service's port. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export const SANDBOX_FROM = '+15005550006';

export async function startLocalChannels(extraEnv: Record<string, string> = {}): Promise<LocalChannels> {
  const port = await freePort();
  const smtp = new LocalSmtpServer();
  const sms = new SmsSimulator({ inboundUrl: `http://127.0.0.1:${port}/webhooks/sms/inbound` });
  await smtp.start();
  await sms.start();
  return {
    smtp,
    sms,
    port,
    env: {
      PORT: String(port),
      OUTREACH_SANDBOX_SMTP_URL: smtp.url,
      OUTREACH_SANDBOX_SMS_URL: sms.url,
      OUTREACH_SANDBOX_SMS_ACCOUNT_SID: sms.accountSid,
      OUTREACH_SANDBOX_SMS_AUTH_TOKEN: sms.authToken,
      OUTREACH_SANDBOX_SMS_FROM: SANDBOX_FROM,
      OUTREACH_MESSAGES_POLL_MS: '25',
      ...extraEnv,
    },
    async stop() {
      await sms.stop();
      await smtp.stop();
    },
  };
}
