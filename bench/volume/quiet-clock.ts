import { isFederalHoliday } from '../../src/scheduler/holidays.js';
import type { Db } from '../../src/store/shared/db.js';

/**
 * A business clock for a service running on the volume data set with its workers: the data set's
 * calls are due from its newest day on, its messages and webhook deliveries from two days before,
 * so on the last Tuesday (not a federal holiday) at least three days before its newest customer, at
 * 10:00 in New York, none of those is due and the workers do only a bench's own work.
 */
export async function quietClock(db: Db): Promise<string> {
  const { rows } = await db.raw<{ rows: Array<{ at: Date | string }> }>('SELECT max(created_at) AS at FROM customers');
  const newest = new Date(rows[0].at);
  const day = new Date(Date.UTC(newest.getUTCFullYear(), newest.getUTCMonth(), newest.getUTCDate() - 3));
  while (day.getUTCDay() !== 2 || isFederalHoliday(day.toISOString().slice(0, 10)))
    day.setUTCDate(day.getUTCDate() - 1);
  return new Date(day.getTime() + 15 * 3_600_000).toISOString();
}
