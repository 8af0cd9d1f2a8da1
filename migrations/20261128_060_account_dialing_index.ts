import type { Knex } from 'knex';
import { createIndex, dropIndex, type IndexDef } from './online-indexes.js';

/**
 * The dial claim counts an account's slots held (its calls `dialing`) on every claim: a partial
 * index on `(dial_account) WHERE status = 'dialing'` holds an entry only while a call is dialing,
 * so the count reads at most the account's limit of entries and a new (pending) call writes none.
 * Built without blocking writes (online-indexes.ts; CONTRIBUTING.md, "Migrations safe at volume").
 */
export const config = { transaction: false };

const ADDED: IndexDef = {
  name: 'scheduled_calls_account_dialing_idx',
  table: 'scheduled_calls',
  columns: 'dial_account',
  where: "status = 'dialing'",
};

export async function up(knex: Knex): Promise<void> {
  await createIndex(knex, ADDED);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndex(knex, ADDED);
}
