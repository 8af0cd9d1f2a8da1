/** What a driver error means for the caller, from the SQLSTATE / SQLite codes (never from SQL text). */

/** Not the request's fault and worth a retry: connection loss, serialization failure/deadlock, busy database. */
export function isTransient(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  return (
    /^(08|40|53|57)/.test(code) || // Postgres: connection, serialization/deadlock, resources, shutdown
    // SQLite's extended codes too: SQLITE_BUSY_SNAPSHOT is a deferred transaction that read before
    // another process's commit and then tried to write (busy_timeout does not wait for it).
    /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code) ||
    ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE'].includes(code) ||
    e.name === 'KnexTimeoutError' ||
    /Connection terminated|Transaction query already complete|not queryable|Connection ended|EPIPE/i.test(
      typeof e.message === 'string' ? e.message : '',
    )
  );
}

/** A value the column cannot hold (Postgres class 22: too long, out of range, NUL byte): the input's fault. */
export function isInvalidValue(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^22/.test(code);
}

/** A unique constraint rejected a write (Postgres 23505; SQLite primary key / unique). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
