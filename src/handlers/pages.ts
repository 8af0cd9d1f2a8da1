import type { PageRequest } from '../domain/shared/cursor.js';

/** `limit`, `offset` and `cursor` of a list request (validated against the contract, numbers coerced). */
export function pageRequest(query: { limit?: number; offset?: number; cursor?: string }): PageRequest {
  return { limit: query.limit, offset: query.offset, cursor: query.cursor };
}

/** The `Next-Cursor` extension header, sent only when more records follow the page. */
export function nextCursorHeader(nextCursor: string | null): Record<string, string> {
  return nextCursor ? { 'Next-Cursor': nextCursor } : {};
}
