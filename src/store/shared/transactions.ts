import type { Db } from './db.js';
import { isUniqueViolation } from './db-errors.js';

/**
 * Runs `work` in one transaction. When a concurrent request won a race on a unique constraint
 * (same application enrolled twice, same customer created twice), the whole transaction is run
 * again: the retry reads the winner's committed rows and takes the "already exists" path.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((trx) => work(trx));
    } catch (err) {
      if (attempt >= attempts || !isUniqueViolation(err)) throw err;
    }
  }
}
