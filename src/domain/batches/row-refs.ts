/** Longest reference echoed in failure items: the contract's id length (a longer one is itself the row's error). */
export const MAX_REF_LENGTH = 255;

/** A row's reference as sent, for failure items (null when absent, not a scalar, or longer than an id may be). */
export function refOf(row: unknown, field: string): string | null {
  const v = row && typeof row === 'object' ? (row as Record<string, unknown>)[field] : undefined;
  // Postgres text cannot hold NUL, and a lone UTF-16 surrogate has no UTF-8 form (U+FFFD, as any
  // encoder writes it, so both databases report the same reference); it is only for reporting.
  const ref =
    typeof v === 'string'
      ? v.replaceAll('\u0000', '').replace(/\p{Surrogate}/gu, '\uFFFD')
      : typeof v === 'number'
        ? String(v)
        : null;
  return ref !== null && ref.length <= MAX_REF_LENGTH ? ref : null;
}
