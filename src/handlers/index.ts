import type { OperationHandler } from '../http/handler-types.js';
import * as ach from './ach.js';
import * as activity from './activity.js';
import * as batches from './batches.js';
import * as calls from './calls.js';
import * as customers from './customers.js';
import * as integrations from './integrations.js';
import * as loans from './loans.js';
import * as messages from './messages.js';
import * as ops from './ops.js';
import * as channelCallbacks from './channel-callbacks.js';
import * as outreach from './outreach.js';
import * as providerCallbacks from './provider-callbacks.js';
import * as webhookDeliveries from './webhook-deliveries.js';
import { NOT_YET_IMPLEMENTED, notImplemented } from './not-implemented.js';

/** operationId → handler. Registration is strict: this map must match the contract exactly (src/http/api.ts). */
export function operationHandlers(): Record<string, OperationHandler> {
  const handlers: Record<string, OperationHandler> = {
    ...ach,
    ...activity,
    ...batches,
    ...calls,
    ...customers,
    ...integrations,
    ...loans,
    ...messages,
    ...ops,
    ...channelCallbacks,
    ...outreach,
    ...providerCallbacks,
    ...webhookDeliveries,
  };
  for (const id of NOT_YET_IMPLEMENTED) {
    if (handlers[id]) throw new Error(`${id} has a handler but is still listed as not implemented`);
    handlers[id] = notImplemented(id);
  }
  return handlers;
}
