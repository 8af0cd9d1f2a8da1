import { beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_DELIVERIES } from '../../src/adapters/job-queue/recovery.js';
import { TableQueue } from '../../src/adapters/job-queue/table-queue.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * A slice whose last attempt could not even record its give-up (the database was unavailable) comes
 * back instead of staying failed, so its job can finish (pg-boss: test/store/database-outage.test.ts).
 */
describe('embedded queue: spare deliveries after the last attempt', () => {
  const database = useTestDatabase('sqlite');
  let nowMs = 1_000_000;
  let queue: TableQueue;
  beforeAll(async () => {
    queue = new TableQueue(database.db, () => nowMs);
  });

  it('a failed last attempt is delivered again, up to the spare deliveries, then kept as failed', async () => {
    await database.db.transaction((trx) =>
      queue.enqueue(trx, 'q', [{ n: 1 }], { maxAttempts: 1, retryDelaySeconds: 1, timeoutSeconds: 60 }),
    );
    const attempts: number[] = [];
    for (;;) {
      const [message] = await queue.fetch<{ n: number }>('q', 1);
      if (!message) break;
      attempts.push(message.attempt);
      expect(message.maxAttempts).toBe(1);
      await queue.fail(message, new Error('database unavailable'));
      nowMs += 3_600_000 * 24; // past any backoff
    }
    expect(attempts).toEqual(Array.from({ length: 1 + RECOVERY_DELIVERIES }, (_, i) => i + 1));
    const row = await tables(database.db).jobQueue().first('state');
    expect(row!.state).toBe('failed');
  });
});
