import type { OperationHandler } from '../http/handler-types.js';
import { loadOpenApiDocument } from '../contract/openapi-document.js';
import { migrationsCurrent } from '../store/migrate.js';

export const getHealth: OperationHandler = async () => ({ status: 200, body: { status: 'ok' } });

export const getReadiness: OperationHandler = async (_c, env) => {
  let database: 'ok' | 'unreachable' = 'ok';
  let migrations: 'current' | 'pending' | 'unknown' = 'unknown';
  try {
    migrations = (await migrationsCurrent(env.services.db)) ? 'current' : 'pending';
  } catch {
    database = 'unreachable';
  }
  const ready = database === 'ok' && migrations === 'current';
  return { status: ready ? 200 : 503, body: { status: ready ? 'ready' : 'unavailable', database, migrations } };
};

export const getOpenApiDocument: OperationHandler = async () => ({ status: 200, body: loadOpenApiDocument() });
