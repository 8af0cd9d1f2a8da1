import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { twilioClient } from '../../src/adapters/sms/twilio-client.js';
import { segments } from '../../src/simulators/sms/message-resource.js';
import { SmsSimulator } from '../../src/simulators/sms/server.js';

/**
 * The official `twilio` library is the judge: it creates, fetches and fails against the simulator as
 * against Twilio, through the adapter's HTTP client. No database: the simulator alone.
 */
describe('SMS simulator through the official twilio client', () => {
  const FROM = '+15005550006';
  let sim: SmsSimulator;
  let receiver: http.Server;
  let receiverUrl: string;
  const received: Array<{ path: string; signature: string; params: Record<string, string> }> = [];

  beforeEach(async () => {
    received.length = 0;
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => {
          const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
          received.push({ path: req.url!, signature: String(req.headers['x-twilio-signature']), params });
          res.writeHead(204).end();
        });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    sim = new SmsSimulator({
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 'token-1',
      inboundUrl: `${receiverUrl}/inbound`,
    });
    await sim.start();
  });
  afterEach(async () => {
    await sim.stop();
    await new Promise((r) => receiver.close(r));
  });

  const client = (authToken = sim.authToken) =>
    twilioClient({ baseUrl: sim.url, accountSid: sim.accountSid, authToken });
  const callbacks = (path: string) => received.filter((r) => r.path === path);
  const valid = (r: (typeof received)[number]) =>
    twilio.validateRequest(sim.authToken, r.signature, `${receiverUrl}${r.path}`, r.params);

  it('create answers the full Message resource, every field typed as MessageInstance reads it', async () => {
    const before = Date.now() - 1000;
    const m = await client().messages.create({
      to: '+12125550143',
      from: FROM,
      body: 'Hi Ada, please call us.',
      statusCallback: `${receiverUrl}/status`,
    });
    expect(m.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(m.toJSON()).toEqual({
      accountSid: sim.accountSid,
      apiVersion: '2010-04-01',
      body: 'Hi Ada, please call us.',
      dateCreated: expect.any(Date),
      dateSent: null,
      dateUpdated: expect.any(Date),
      direction: 'outbound-api',
      errorCode: null,
      errorMessage: null,
      from: FROM,
      messagingServiceSid: null,
      numMedia: '0',
      numSegments: '1',
      price: null,
      priceUnit: 'USD',
      sid: m.sid,
      status: 'queued',
      subresourceUris: {
        media: `/2010-04-01/Accounts/${sim.accountSid}/Messages/${m.sid}/Media.json`,
        feedback: `/2010-04-01/Accounts/${sim.accountSid}/Messages/${m.sid}/Feedback.json`,
      },
      to: '+12125550143',
      uri: `/2010-04-01/Accounts/${sim.accountSid}/Messages/${m.sid}.json`,
    });
    expect(m.dateCreated.getTime()).toBeGreaterThanOrEqual(before);
    expect(m.dateCreated.getTime()).toBeLessThanOrEqual(Date.now());

    await sim.settled();
    const later = await client().messages(m.sid).fetch();
    expect(later).toMatchObject({
      status: 'delivered',
      errorCode: null,
      price: '-0.00790',
      dateSent: expect.any(Date),
    });
  });

  it('counts segments as Twilio does: GSM-7 160/153, UCS-2 70/67, extension characters take two', () => {
    expect([
      segments('a'.repeat(160)),
      segments('a'.repeat(161)),
      segments('a'.repeat(306)),
      segments('a'.repeat(307)),
    ]).toEqual([1, 2, 2, 3]);
    expect([segments('€'.repeat(80)), segments('€'.repeat(81))]).toEqual([1, 2]);
    expect([
      segments('é'.repeat(160)),
      segments('ł'.repeat(70)),
      segments('ł'.repeat(71)),
      segments('ł'.repeat(135)),
    ]).toEqual([1, 1, 2, 3]);
  });

  it.each([
    ['an invalid To', { to: '555-0143' }, 400, 21211],
    ['a magic number that is not a mobile', { to: '+12125550114' }, 400, 21614],
    ['a magic number that replied STOP elsewhere', { to: '+12125550115' }, 400, 21610],
    ['a magic number answering Too Many Requests', { to: '+12125550116' }, 429, 20429],
    ['a magic number answering Service Unavailable', { to: '+12125550113' }, 503, 20503],
    ['a body over 1600 characters', { body: 'x'.repeat(1601) }, 400, 21617],
  ])('%s is a RestException with Twilio code, status and more_info', async (_, params, status, code) => {
    const err = await client()
      .messages.create({ to: '+12125550143', from: FROM, body: 'hi', ...params })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(twilio.RestException);
    expect(err).toMatchObject({
      status,
      code,
      moreInfo: `https://www.twilio.com/docs/errors/${code}`,
      message: expect.any(String),
    });
    expect(sim.messages).toHaveLength(0);
  });

  it('wrong credentials are 401 with code 20003', async () => {
    const err = await client('not-the-token')
      .messages.create({ to: '+12125550143', from: FROM, body: 'hi' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 401,
      code: 20003,
      moreInfo: 'https://www.twilio.com/docs/errors/20003',
      message: 'Authenticate',
    });
    expect(sim.messages).toHaveLength(0);
  });

  it("status callbacks carry Twilio's parameters and validate with twilio.validateRequest", async () => {
    const delivered = await client().messages.create({
      to: '+12125550143',
      from: FROM,
      body: 'hi',
      statusCallback: `${receiverUrl}/status`,
    });
    const undelivered = await client().messages.create({
      to: '+12125550110',
      from: FROM,
      body: 'hi',
      statusCallback: `${receiverUrl}/status`,
    });
    const failed = await client().messages.create({
      to: '+12125550111',
      from: FROM,
      body: 'hi',
      statusCallback: `${receiverUrl}/status`,
    });
    await sim.settled();
    const reports = callbacks('/status');
    expect(reports.every(valid)).toBe(true);
    expect(
      reports.some((r) => twilio.validateRequest('other-token', r.signature, `${receiverUrl}${r.path}`, r.params)),
    ).toBe(false);
    const of = (sid: string) => reports.filter((r) => r.params.MessageSid === sid).map((r) => r.params);
    const common = { AccountSid: sim.accountSid, ApiVersion: '2010-04-01', From: FROM };
    expect(of(delivered.sid)).toEqual([
      {
        ...common,
        To: '+12125550143',
        MessageSid: delivered.sid,
        SmsSid: delivered.sid,
        MessageStatus: 'sent',
        SmsStatus: 'sent',
      },
      {
        ...common,
        To: '+12125550143',
        MessageSid: delivered.sid,
        SmsSid: delivered.sid,
        MessageStatus: 'delivered',
        SmsStatus: 'delivered',
        RawDlrDoneDate: expect.stringMatching(/^\d{10}$/),
      },
    ]);
    expect(of(undelivered.sid).map((p) => [p.MessageStatus, p.ErrorCode])).toEqual([
      ['sent', undefined],
      ['undelivered', '30003'],
    ]);
    expect(of(failed.sid)).toEqual([
      {
        ...common,
        To: '+12125550111',
        MessageSid: failed.sid,
        SmsSid: failed.sid,
        MessageStatus: 'failed',
        SmsStatus: 'failed',
        ErrorCode: '30006',
      },
    ]);
    expect(await client().messages(failed.sid).fetch()).toMatchObject({
      status: 'failed',
      errorCode: 30006,
      errorMessage: 'Landline or unreachable carrier',
      price: null,
      dateSent: null,
    });
  });

  it("inbound messages carry Twilio's parameters, validate, and a STOP makes later creates 21610", async () => {
    expect(await sim.inbound({ From: '+12125550143', To: FROM, Body: 'STOP' })).toBe(204);
    const [inbound] = callbacks('/inbound');
    expect(valid(inbound)).toBe(true);
    expect(inbound.params).toEqual({
      MessageSid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      SmsSid: inbound.params.MessageSid,
      SmsMessageSid: inbound.params.MessageSid,
      AccountSid: sim.accountSid,
      From: '+12125550143',
      To: FROM,
      Body: 'STOP',
      NumMedia: '0',
      NumSegments: '1',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
      FromCountry: 'US',
      FromState: '',
      FromCity: '',
      FromZip: '',
      ToCountry: 'US',
      ToState: '',
      ToCity: '',
      ToZip: '',
    });
    const err = await client()
      .messages.create({ to: '+12125550143', from: FROM, body: 'hi' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 21610 });
    await sim.inbound({ From: '+12125550143', To: FROM, Body: 'start' });
    expect((await client().messages.create({ to: '+12125550143', from: FROM, body: 'hi' })).status).toBe('queued');
  });

  it("a Messaging Service's Advanced Opt-Out: OptOutType on inbound, opt-outs per service, its own keywords", async () => {
    const service = 'MG0123456789abcdef0123456789abcdef';
    await sim.stop();
    sim = new SmsSimulator({
      accountSid: sim.accountSid,
      authToken: sim.authToken,
      inboundUrl: `${receiverUrl}/inbound`,
      advancedOptOut: { stop: ['PARAR'], start: ['COMENZAR'] },
    });
    await sim.start();
    await sim.inbound({ From: '+12125550143', To: FROM, Body: 'Parar', MessagingServiceSid: service });
    await sim.inbound({ From: '+12125550144', To: FROM, Body: 'PARAR' }); // not a service: no Advanced Opt-Out
    await sim.inbound({ From: '+12125550145', To: FROM, Body: 'help', MessagingServiceSid: service });
    const [stop, plain, help] = callbacks('/inbound');
    expect(valid(stop)).toBe(true);
    expect(stop.params).toMatchObject({ Body: 'Parar', MessagingServiceSid: service, OptOutType: 'STOP' });
    expect(plain.params.OptOutType).toBeUndefined();
    expect(help.params).toMatchObject({ OptOutType: 'HELP' });
    // The opt-out holds for the whole service, not for the number alone; the plain PARAR opted nobody out.
    const viaService = (to: string) =>
      client()
        .messages.create({ to, messagingServiceSid: service, body: 'hi' })
        .catch((e: unknown) => e);
    expect(await viaService('+12125550143')).toMatchObject({ status: 400, code: 21610 });
    expect((await client().messages.create({ to: '+12125550143', from: FROM, body: 'hi' })).status).toBe('queued');
    expect(await viaService('+12125550144')).toMatchObject({ status: 'queued', messagingServiceSid: service });
    await sim.inbound({ From: '+12125550143', To: FROM, Body: 'comenzar', MessagingServiceSid: service });
    expect(await viaService('+12125550143')).toMatchObject({ status: 'queued' });
  });

  it('Lookup v2 answers line_type_intelligence only when asked, and 20003 without the credentials', async () => {
    const plain = await client().lookups.v2.phoneNumbers('+12125550130').fetch();
    expect(plain).toMatchObject({ valid: true, phoneNumber: '+12125550130', lineTypeIntelligence: null });
    const typed = await client().lookups.v2.phoneNumbers('+12125550130').fetch({ fields: 'line_type_intelligence' });
    expect(typed.lineTypeIntelligence).toEqual({
      mobileCountryCode: '310',
      mobileNetworkCode: '260',
      carrierName: 'Simulated Wireless',
      type: 'landline',
      errorCode: null,
    });
    const err = await client('wrong')
      .lookups.v2.phoneNumbers('+12125550130')
      .fetch()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, code: 20003 });
  });

  it('an unknown message is 404 with code 20404', async () => {
    const err = await client()
      .messages('SM00000000000000000000000000000000')
      .fetch()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, code: 20404, moreInfo: 'https://www.twilio.com/docs/errors/20404' });
  });
});
