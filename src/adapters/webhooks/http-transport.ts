import type { WebhookTransport } from '../../domain/ports/webhook-transport.js';

/** POSTs with Node's fetch; the response body is read and dropped (only the status counts). */
export const httpWebhookTransport: WebhookTransport = {
  async post(url, headers, body, timeoutMs) {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return { status: res.status };
  },
};
