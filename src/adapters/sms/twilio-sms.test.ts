import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsSimulator } from '../../simulators/sms/server.js';
import { TwilioSms } from './twilio-sms.js';

describe('TwilioSms (the official twilio client)', () => {
  const sim = new SmsSimulator({ accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'token-1' });
  let sms: TwilioSms;
  beforeAll(async () => {
    sms = new TwilioSms({ baseUrl: await sim.start(), accountSid: sim.accountSid, authToken: sim.authToken });
  });
  afterAll(() => sim.stop());

  const text = (to: string) => ({
    to,
    from: '+15005550006',
    body: 'hi',
    statusCallback: 'http://127.0.0.1:9/webhooks/sms/status',
  });

  it('a created message is accepted with its sid and status', async () => {
    const result = await sms.send(text('+12125550143'));
    expect(result).toEqual({
      accepted: true,
      providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      status: 'queued',
    });
    expect(sim.messages.at(-1)).toMatchObject({
      sid: (result as { providerMessageId: string }).providerMessageId,
      to: '+12125550143',
      body: 'hi',
    });
  });

  it.each([
    ['+12125550114', 21614, "21614: 'To' number is not a valid mobile number"],
    ['+12125550115', 21610, '21610: Attempt to send to unsubscribed recipient'],
    ['555-0143', 21211, "21211: Invalid 'To' Phone Number: 555-0143"],
    ['+12125550134', 20003, '20003: Authenticate'],
  ])("a 4xx refusal (%s) is permanent, with Twilio's code", async (to, code, reason) => {
    expect(await sms.send(text(to))).toEqual({ accepted: false, permanent: true, reason, code });
  });

  it('a Messaging Service sends instead of From: Twilio picks the sender from its pool', async () => {
    const service = 'MG0123456789abcdef0123456789abcdef';
    const result = await sms.send({ ...text('+12125550144'), messagingServiceSid: service });
    expect(result).toMatchObject({ accepted: true });
    expect(sim.messages.at(-1)).toMatchObject({
      to: '+12125550144',
      messaging_service_sid: service,
      from: '+15005550006',
    });
    expect(await sms.send({ ...text('+12125550144'), messagingServiceSid: 'MGnot-a-service' })).toEqual({
      accepted: false,
      permanent: true,
      reason: '21701: The Messaging Service Sid MGnot-a-service is invalid.',
      code: 21701,
    });
  });

  describe('lineType (Lookup v2 through lookups.v2.phoneNumbers(n).fetch)', () => {
    it.each([
      ['+12125550143', { found: true, lineType: 'mobile', carrierName: 'Simulated Wireless' }],
      ['+12125550130', { found: true, lineType: 'landline', carrierName: 'Simulated Wireless' }],
      ['+12125550138', { found: true, lineType: 'fixedVoip', carrierName: 'Simulated Wireless' }],
      ['+12125550137', { found: false, code: 60600, reason: 'no line type (error 60600)', permanent: false }],
      ['+12125550136', { found: false, code: null, reason: 'invalid number (INVALID_BUT_POSSIBLE)', permanent: true }],
    ])('%s', async (n, expected) => {
      expect(await sms.lineType(n)).toEqual(expected);
      expect(sim.lookups.at(-1)).toBe(n);
    });

    it('a 503 throws (transient); wrong credentials are a 20003 refusal', async () => {
      await expect(sms.lineType('+12125550135')).rejects.toThrow('Service Unavailable');
      const wrong = new TwilioSms({ baseUrl: sim.url, accountSid: sim.accountSid, authToken: 'wrong' });
      expect(await wrong.lineType('+12125550143')).toEqual({
        found: false,
        code: 20003,
        reason: '20003: Authenticate',
        permanent: true,
      });
    });
  });

  it.each([
    ['+12125550116', 'SMS provider answered 429 (20429: Too Many Requests)'],
    ['+12125550113', 'SMS provider answered 503 (20503: Service Unavailable)'],
  ])('a 429 or 5xx (%s) throws: the outcome is for the dispatcher to retry later', async (to, message) => {
    await expect(sms.send(text(to))).rejects.toThrow(message);
  });

  it('wrong credentials are a permanent 20003 refusal', async () => {
    const wrong = new TwilioSms({ baseUrl: sim.url, accountSid: sim.accountSid, authToken: 'wrong' });
    expect(await wrong.send(text('+12125550143'))).toEqual({
      accepted: false,
      permanent: true,
      reason: '20003: Authenticate',
      code: 20003,
    });
  });

  it('sends the form the library builds, to the configured base URL, once: a 429 or a dropped connection is never repeated', async () => {
    const seen: Array<{ url: string; auth: string; agent: string; form: Record<string, string> }> = [];
    let answer = 429;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => {
          seen.push({
            url: req.url!,
            auth: req.headers.authorization!,
            agent: req.headers['user-agent']!,
            form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString())),
          });
          if (answer === 0) return void req.socket.destroy();
          res.writeHead(answer, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({
              code: 20429,
              message: 'Too Many Requests',
              more_info: 'https://www.twilio.com/docs/errors/20429',
              status: 429,
            }),
          );
        });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const viaProxy = new TwilioSms({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/twilio/`,
        accountSid: 'ACabc',
        authToken: 'tok',
      });
      await expect(viaProxy.send(text('+12125550143'))).rejects.toThrow('SMS provider answered 429');
      answer = 0;
      await expect(viaProxy.send(text('+12125550143'))).rejects.toThrow();
      expect(seen).toHaveLength(2);
      expect(seen[0]).toEqual({
        url: '/twilio/2010-04-01/Accounts/ACabc/Messages.json',
        auth: `Basic ${Buffer.from('ACabc:tok').toString('base64')}`,
        agent: expect.stringMatching(/^twilio-node\/6\.2\.0 /),
        form: {
          To: '+12125550143',
          From: '+15005550006',
          Body: 'hi',
          StatusCallback: 'http://127.0.0.1:9/webhooks/sms/status',
        },
      });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  describe('verifyCallback (twilio.validateRequest)', () => {
    // The example of Twilio's "Validating requests" documentation (https://www.twilio.com/docs/usage/security#validating-requests).
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    const documented = new TwilioSms({ baseUrl: 'https://api.twilio.com', accountSid: 'ACabc', authToken: '12345' });

    it('accepts the documented example and only the exact URL, parameters and token', () => {
      const signature = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
      expect(twilio.getExpectedTwilioSignature('12345', url, params)).toBe(signature);
      expect(documented.verifyCallback(url, params, signature)).toBe(true);
      expect(
        new TwilioSms({ baseUrl: 'https://api.twilio.com', accountSid: 'ACabc', authToken: '12346' }).verifyCallback(
          url,
          params,
          signature,
        ),
      ).toBe(false);
      expect(documented.verifyCallback(`${url}&x=1`, params, signature)).toBe(false);
      expect(documented.verifyCallback(url, { ...params, Digits: '1235' }, signature)).toBe(false);
      expect(documented.verifyCallback(url, params, undefined)).toBe(false);
      expect(documented.verifyCallback(url, params, 'short')).toBe(false);
      expect(documented.verifyCallback('not a url', params, signature)).toBe(false);
    });
  });
});
