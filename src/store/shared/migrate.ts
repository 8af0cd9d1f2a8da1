import type { Knex } from 'knex';
import type { Db } from './db.js';
import { migrations } from '../../../migrations/index.js';

/**
 * Migrations are listed explicitly (not discovered from a directory) so the same set runs from
 * TypeScript sources under vitest/tsx and from compiled JavaScript in dist/.
 */
class ListedMigrations implements Knex.MigrationSource<string> {
  async getMigrations() {
    return Object.keys(migrations);
  }
  getMigrationName(name: string) {
    return name;
  }
  async getMigration(name: string) {
    return migrations[name];
  }
}

const migrationConfig: Knex.MigratorConfig = {
  migrationSource: new ListedMigrations(),
  tableName: 'knex_migrations',
};

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
  return applied;
}

/** True when every listed migration has been applied (readiness check). */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const [, pending] = (await db.migrate.list(migrationConfig)) as [unknown[], unknown[]];
  return pending.length === 0;
}
