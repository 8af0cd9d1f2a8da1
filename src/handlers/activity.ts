import { dailyActivity } from '../domain/console/daily-activity.js';
import type { OperationHandler, QueryParams } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const getDailyActivity: OperationHandler = async (c, env) => {
  const query = c.request.query as Record<keyof QueryParams<'getDailyActivity'>, string | undefined>;
  return {
    status: 200,
    body: await dailyActivity(companyContext(env), { date: query.date, timezone: query.timezone }),
  };
};
