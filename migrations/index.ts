import type { Knex } from 'knex';
import * as foundation from './20261121_001_foundation.js';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: Record<string, Knex.Migration> = {
  '20261121_001_foundation': foundation,
};
