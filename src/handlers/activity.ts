import { dailyActivity } from '../domain/console/daily-activity.js';
import type { OperationHandler } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const getDailyActivity: OperationHandler<'getDailyActivity'> = async (c, env) => {
  const { date, timezone } = c.request.query;
  return { status: 200, body: await dailyActivity(companyContext(env), { date, timezone }) };
};
