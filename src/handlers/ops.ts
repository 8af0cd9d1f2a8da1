import type { OperationHandler } from '../http/handler-types.js';
import { loadOpenApiDocument } from '../contract/openapi-document.js';
import { databaseReadiness } from '../domain/shared/readiness.js';

export const getHealth: OperationHandler<'getHealth'> = async () => ({ status: 200, body: { status: 'ok' } });

export const getReadiness: OperationHandler<'getReadiness'> = async (_c, env) => {
  const { database, migrations } = await databaseReadiness(env.services.db);
  const draining = env.services.lifecycle?.draining === true;
  const ready = database === 'ok' && migrations === 'current' && !draining;
  const body = {
    status: ready ? 'ready' : 'unavailable',
    database,
    migrations,
    ...(draining ? { shuttingDown: true } : {}),
  };
  return { status: ready ? 200 : 503, body };
};

export const getOpenApiDocument: OperationHandler<'getOpenApiDocument'> = async () => ({
  status: 200,
  body: loadOpenApiDocument(),
});
