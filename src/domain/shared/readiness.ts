import type { Db } from '../../store/shared/db.js';
import { migrationsCurrent } from '../../store/shared/migrate.js';

export interface DatabaseReadiness {
  database: 'ok' | 'unreachable';
  migrations: 'current' | 'pending' | 'unknown';
}

/** Whether the database answers and its schema has every migration this build ships (GET /readyz). */
export async function databaseReadiness(db: Db): Promise<DatabaseReadiness> {
  try {
    return { database: 'ok', migrations: (await migrationsCurrent(db)) ? 'current' : 'pending' };
  } catch {
    return { database: 'unreachable', migrations: 'unknown' };
  }
}
