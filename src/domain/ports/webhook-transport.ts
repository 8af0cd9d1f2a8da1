/** Sends one signed webhook request to a partner's endpoint (adapter: src/adapters/webhooks/). */
export interface WebhookTransport {
  /** Resolves with the HTTP status; rejects on a network error or after `timeoutMs`. */
  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<{ status: number }>;
}
