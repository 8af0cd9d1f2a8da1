import { randomFillSync } from 'node:crypto';
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
  return v7({ random: randomBytes16() });
}

// uuid asks crypto.getRandomValues for 16 bytes per id (~5 µs on Node 20, most of an id's cost);
// the bytes come from a pool filled 256 ids at a time instead. Given its random bytes, uuid leaves
// ids of the same millisecond in random order among themselves: they still share the index's page.
const POOL = new Uint8Array(16 * 256);
let used = POOL.length;

function randomBytes16(): Uint8Array {
  if (used === POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  used += 16;
  return POOL.subarray(used - 16, used);
}
