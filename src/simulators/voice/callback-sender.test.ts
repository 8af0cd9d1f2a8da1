import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackSender } from './callback-sender.js';

describe('the simulator callback sender', () => {
  const seen: Array<{ body: string; signature: string | undefined; socket: string }> = [];
  let url: string;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({
        body,
        signature: req.headers['x-signature'] as string | undefined,
        socket: `${req.socket.remotePort}`,
      });
      if (req.url === '/busy') res.writeHead(503, { 'Retry-After': '2' }).end('{"detail":"busy"}');
      else if (req.url === '/bad-retry') res.writeHead(503, { 'Retry-After': 'soon' }).end();
      else if (req.url === '/slow') setTimeout(() => res.writeHead(202).end(), 500);
      else res.writeHead(202, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('POSTs the body and headers as given and answers the status; no Retry-After: null', async () => {
    const sender = callbackSender(4);
    try {
      expect(
        await sender.send(
          `${url}/ok`,
          { 'content-type': 'application/json', 'x-signature': 'v1,abc' },
          '{"n":"é"}',
          2000,
        ),
      ).toEqual({ status: 202, retryAfterMs: null });
      expect(seen.at(-1)).toMatchObject({ body: '{"n":"é"}', signature: 'v1,abc' });
    } finally {
      sender.close();
    }
  });

  it("reads the receiver's Retry-After in milliseconds, and ignores one that is not a number of seconds", async () => {
    const sender = callbackSender(4);
    try {
      expect(await sender.send(`${url}/busy`, {}, '{}', 2000)).toEqual({ status: 503, retryAfterMs: 2000 });
      expect(await sender.send(`${url}/bad-retry`, {}, '{}', 2000)).toEqual({ status: 503, retryAfterMs: null });
    } finally {
      sender.close();
    }
  });

  it('keeps at most `sockets` connections to a receiver, reused across callbacks', async () => {
    const sender = callbackSender(2);
    const before = seen.length;
    try {
      await Promise.all(Array.from({ length: 20 }, (_, i) => sender.send(`${url}/ok`, {}, `{"i":${i}}`, 2000)));
    } finally {
      sender.close();
    }
    const sockets = new Set(seen.slice(before).map((s) => s.socket));
    expect(seen.length - before).toBe(20);
    expect(sockets.size).toBeLessThanOrEqual(2);
  });

  it('rejects when the answer takes longer than the timeout', async () => {
    const sender = callbackSender(1);
    try {
      await expect(sender.send(`${url}/slow`, {}, '{}', 100)).rejects.toThrow(/timeout/i);
    } finally {
      sender.close();
    }
  });
});
