import http from 'node:http';
import https from 'node:https';

export interface SendAnswer {
  status: number;
  /** The receiver's Retry-After in milliseconds, when it sent a usable one. */
  retryAfterMs: number | null;
}

/**
 * POSTs callbacks over kept-alive connections, at most `sockets` per receiver. node:http rather than
 * fetch: undici's fetch cost the simulator about a millisecond of CPU per callback, as much as the
 * service spent receiving and applying it, and on one machine that CPU is taken from the service
 * the benchmark measures. Rejects on a network error or after `timeoutMs`.
 */
export function callbackSender(sockets: number) {
  const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: sockets }), 'https:': new https.Agent({ keepAlive: true, maxSockets: sockets }) };
  const send = (url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendAnswer> =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const agent = agents[target.protocol as keyof typeof agents];
      if (!agent) return reject(new Error(`unsupported callback URL ${url}`));
      const client = target.protocol === 'https:' ? https : http;
      const req = client.request(target, { method: 'POST', agent, timeout: timeoutMs, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
        res.resume(); // the answer's body is not needed, but must be read for the connection to be reused
        res.once('end', () => {
          const seconds = Number(res.headers['retry-after']);
          const retryAfterMs = res.headers['retry-after'] !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
          resolve({ status: res.statusCode ?? 0, retryAfterMs });
        });
        res.once('error', reject);
      });
      req.once('timeout', () => req.destroy(new Error(`callback not answered within ${timeoutMs} ms`)));
      req.once('error', reject);
      req.end(body);
    });
  return {
    send,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
