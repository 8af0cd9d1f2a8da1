import { collectionsReport } from '../domain/reports/collections.js';
import type { OperationHandler } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const getCollectionsReport: OperationHandler<'getCollectionsReport'> = async (c, env) => {
  const q = c.request.query;
  const report = await collectionsReport(companyContext(env), {
    from: q.from,
    to: q.to,
    groupBy: q.groupBy ?? 'taskType',
    timezone: q.timezone,
  });
  return { status: 200, body: report };
};
