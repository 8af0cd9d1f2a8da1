import { redeliverWebhook as redeliver, webhookDeliveryLog } from '../domain/webhooks/delivery-log.js';
import type { OperationHandler, PathParams, QueryParams } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const listWebhookDeliveries: OperationHandler = async (c, env) => {
  const ctx = companyContext(env);
  const query = c.request.query as Record<keyof QueryParams<'listWebhookDeliveries'>, string | undefined>;
  const log = await webhookDeliveryLog(ctx.db, ctx.companyId, {
    status: query.status,
    limit: query.limit === undefined ? undefined : Number(query.limit),
  });
  return {
    status: 200,
    body: log.map((d) => ({ ...d, lastError: d.lastError === null ? null : d.lastError.slice(0, 2000) })),
  };
};

export const redeliverWebhook: OperationHandler = async (c, env) => {
  const ctx = companyContext(env);
  const { deliveryId } = c.request.params as PathParams<'redeliverWebhook'>;
  await redeliver(ctx.db, ctx.companyId, deliveryId, ctx.now);
  return { status: 204 };
};
