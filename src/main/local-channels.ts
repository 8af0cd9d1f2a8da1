import type { ChannelOptions } from '../adapters/channel-options.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../lib/logger.js';
import { LocalSmtpServer } from '../simulators/smtp/server.js';
import { SmsSimulator } from '../simulators/sms/server.js';
import { RndSimulator } from '../simulators/rnd/server.js';

export interface LocalChannelServers {
  /** The sandbox settings pointing at the servers started here. */
  options: Partial<ChannelOptions>;
  stop(): Promise<void>;
}

/**
 * The embedded default's sandbox: a local SMTP server, SMS simulator and RND simulator on 127.0.0.1 ephemeral
 * ports for each sandbox route the environment does not configure, so `npm start` really sends.
 */
export async function startLocalChannelServers(config: Config, log: Logger): Promise<LocalChannelServers> {
  const options: Partial<ChannelOptions> = {};
  const stops: Array<() => Promise<void>> = [];
  if (!config.channels.sandboxSmtpUrl) {
    const smtp = new LocalSmtpServer({ maxKept: 1000 });
    options.sandboxSmtpUrl = await smtp.start();
    stops.push(() => smtp.stop());
  }
  if (!config.channels.sandboxSms) {
    const sms = new SmsSimulator({ inboundUrl: `${config.publicBaseUrl}/webhooks/sms/inbound` });
    const url = await sms.start();
    options.sandboxSms = { baseUrl: url, accountSid: sms.accountSid, authToken: sms.authToken, from: '+15005550006' };
    stops.push(() => sms.stop());
  }
  if (!config.channels.sandboxRnd) {
    const rnd = new RndSimulator();
    options.sandboxRnd = { baseUrl: await rnd.start(), key: rnd.key };
    stops.push(() => rnd.stop());
  }
  if (stops.length)
    log.info('local channel servers started (sandbox)', {
      smtp: options.sandboxSmtpUrl,
      sms: options.sandboxSms?.baseUrl,
      rnd: options.sandboxRnd?.baseUrl,
    });
  return { options, stop: async () => void (await Promise.all(stops.map((s) => s()))) };
}
