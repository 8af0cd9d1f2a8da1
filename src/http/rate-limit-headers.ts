import type { RateWindow } from '../domain/shared/rate-limit.js';

/** `RateLimit` and `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers) for a policy's window. */
export function rateLimitHeaders({ policy, remaining, resetSeconds }: RateWindow): Record<string, string> {
  return {
    RateLimit: `"${policy.name}";r=${remaining};t=${resetSeconds}`,
    'RateLimit-Policy': `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
  };
}
