import { redeliverWebhook as redeliver, webhookDeliveryLog } from '../domain/webhooks/delivery-log.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentWebhookDelivery } from '../http/presenters/webhooks.js';
import { companyContext } from './context.js';

export const listWebhookDeliveries: OperationHandler<'listWebhookDeliveries'> = async (c, env) => {
  const ctx = companyContext(env);
  const { status, limit } = c.request.query;
  const log = await webhookDeliveryLog(ctx.db, ctx.companyId, { status, limit });
  return { status: 200, body: log.map(presentWebhookDelivery) };
};

export const redeliverWebhook: OperationHandler<'redeliverWebhook'> = async (c, env) => {
  const ctx = companyContext(env);
  await redeliver(ctx.db, ctx.companyId, c.request.params.deliveryId, ctx.now);
  return { status: 204 };
};
