import type { OperationHandlers } from '../http/handler-types.js';
import * as activity from './activity.js';
import * as batches from './batches.js';
import * as calls from './calls.js';
import * as channelCallbacks from './channel-callbacks.js';
import * as consents from './consents.js';
import * as contactAttempts from './contact-attempts.js';
import * as contactEligibility from './contact-eligibility.js';
import * as customers from './customers.js';
import * as inboundMessages from './inbound-messages.js';
import * as integrations from './integrations.js';
import * as loans from './loans.js';
import * as messages from './messages.js';
import * as ops from './ops.js';
import * as origination from './origination.js';
import * as paymentMethods from './payment-methods.js';
import * as paymentLinks from './payment-links.js';
import * as payments from './payments.js';
import * as providerCallbacks from './provider-callbacks.js';
import * as goLiveChecklist from './go-live-checklist.js';
import * as restrictions from './restrictions.js';
import * as promises from './promises.js';
import * as reports from './reports.js';
import * as scheduleSync from './schedule-sync.js';
import * as scheduledCalls from './scheduled-calls.js';
import * as webhookDeliveries from './webhook-deliveries.js';

/**
 * operationId → handler, one for every operation of the contract: a missing operation, or a handler
 * exported under another operation's id, does not compile. Each module exports only handlers, named
 * by their operationId. Registration is also strict at start (src/http/api.ts).
 */
export function operationHandlers(): OperationHandlers {
  return {
    ...activity,
    ...batches,
    ...calls,
    ...channelCallbacks,
    ...consents,
    ...contactAttempts,
    ...contactEligibility,
    ...customers,
    ...goLiveChecklist,
    ...inboundMessages,
    ...integrations,
    ...loans,
    ...messages,
    ...ops,
    ...origination,
    ...paymentMethods,
    ...paymentLinks,
    ...payments,
    ...providerCallbacks,
    ...restrictions,
    ...promises,
    ...reports,
    ...scheduleSync,
    ...scheduledCalls,
    ...webhookDeliveries,
  };
}
