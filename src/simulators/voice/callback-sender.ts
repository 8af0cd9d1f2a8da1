import { Agent, request } from 'undici';

export interface SendAnswer {
  status: number;
  /** The receiver's Retry-After in milliseconds, when it sent a usable one. */
  retryAfterMs: number | null;
}

/**
 * POSTs callbacks over kept-alive connections, at most `sockets` per receiver, with undici's
 * `request` (its low-level API, not its `fetch`). On one machine the simulator's CPU is taken from
 * the service the benchmark measures. Client CPU per POST, 64 in flight to a bare local server:
 * undici's `request` 0.09–0.13 ms, `node:http` with a keep-alive agent 0.15–0.17 ms (undici's
 * `fetch` cost ~1 ms per callback in the simulator). Rejects on a network error, or when the
 * answer takes longer than `timeoutMs`.
 */
export function callbackSender(sockets: number) {
  const agent = new Agent({ connections: sockets, keepAliveTimeout: 30_000 });
  const send = async (
    url: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
  ): Promise<SendAnswer> => {
    // An abort signal, not undici's headersTimeout/bodyTimeout: those tick in whole seconds.
    const res = await request(url, {
      method: 'POST',
      headers,
      body,
      dispatcher: agent,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body.dump(); // the answer's body is not needed, but must be read for the connection to be reused
    const header = res.headers['retry-after'];
    const seconds = Number(header);
    const retryAfterMs =
      typeof header === 'string' && header !== '' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
    return { status: res.statusCode, retryAfterMs };
  };
  return {
    send,
    close() {
      void agent.destroy();
    },
  };
}
