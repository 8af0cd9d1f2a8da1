import { v7 } from 'uuid';

/**
 * The id of a row this service creates (a schedule, a call, a batch job, a payment…): a UUID of
 * version 7 (RFC 9562), whose first 48 bits are the time it was made, in milliseconds, and the rest
 * random. Why not version 4: ids made one after another sort next to each other, so their rows'
 * primary-key index takes them on its last page instead of on a random page each. An enrollment
 * writes five calls, a schedule, a cadence and an application: with random ids each was a page of
 * its own to write at commit (SQLite writes whole pages to its WAL; Postgres does after each
 * checkpoint). Ids stay unguessable (74 random bits); the time in them is the machine's clock when
 * the row was made (not the sandbox's clock), which `createdAt` shows anyway.
 */
export function newId(): string {
  return v7();
}
