import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a company's webhook endpoint received, and the status it answered. */
export interface ReceivedHook {
  headers: Record<string, string>;
  body: string;
  answered: number;
}

export interface WebhookReceiver {
  /** The endpoint's URL, to register for a company. */
  url: string;
  /** Every request so far, in arrival order. */
  received: ReceivedHook[];
  /** Answers 500 to the next `n` requests (the partner is "down"), then 200 again. */
  fail(n: number): void;
  close(): Promise<void>;
}

/** A partner's webhook endpoint on 127.0.0.1 that keeps what it receives: 500 to the first `failures` requests, then 200. */
export async function startWebhookReceiver(failures = 0): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  let left = failures;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = left > 0 ? 500 : 200;
      if (left > 0) left -= 1;
      received.push({
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
        answered,
      });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    fail(n: number) {
      left = n;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
