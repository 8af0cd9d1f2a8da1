import type { PageRequest } from '../domain/shared/cursor.js';

/** `limit`, `offset` and `cursor` of a list request (already validated against the contract). */
export function pageRequest(query: Record<string, unknown>): PageRequest {
  const text = (name: string) => (query[name] === undefined ? undefined : String(query[name]));
  const number = (name: string) => (query[name] === undefined ? undefined : Number(query[name]));
  return { limit: number('limit'), offset: number('offset'), cursor: text('cursor') };
}

/** The `Next-Cursor` extension header, sent only when more records follow the page. */
export function nextCursorHeader(nextCursor: string | null): Record<string, string> {
  return nextCursor ? { 'Next-Cursor': nextCursor } : {};
}
