import { DateTime } from 'luxon';
import type { Instant } from './types.js';
import { MINUTE } from './zone-clock.js';

// An ISO string without an offset would be read in the process's zone, which is not pure.
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Epoch ms of an instant; throws RangeError for an invalid DateTime or an ISO string without offset. */
export function instantMs(value: Instant, what: string): number {
  if (typeof value === 'string') {
    // Fast path for the common stored form "YYYY-MM-DDTHH:mm:ss(.sss)Z".
    const utcForm = value.length >= 20 && value.charCodeAt(value.length - 1) === 90 && value.charCodeAt(10) === 84;
    const ms = utcForm || ISO_WITH_OFFSET.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(ms)) throw new RangeError(`${what}: "${value}" is not an ISO 8601 instant with offset`);
    return ms;
  }
  if (DateTime.isDateTime(value) && value.isValid) return value.toMillis();
  throw new RangeError(`${what}: not a valid luxon DateTime`);
}

/** Rounds up to a whole minute, so planned times read cleanly and compare exactly. */
export function ceilToMinute(ms: number): number {
  return Math.ceil(ms / MINUTE) * MINUTE;
}
