import { getCustomer } from '../borrowers/borrowers.js';
import { inTransaction } from '../../store/shared/transactions.js';
import type { CompanyContext } from '../shared/context.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../shared/errors.js';
import { contacteeOf, planCadence, storeSchedule } from '../planning/schedules.js';
import { resolveIntegration, supportedScheduleTypes } from '../planning/integration-plan.js';

export interface CreatedScheduledCall {
  id: string;
  customerId: string;
  scheduledTime: string;
  status: 'pending';
}

/**
 * Legacy create-scheduled-calls: the calls the company's integration `scheduleType` defines, planned
 * by the scheduler under the same rules as every call (the customer's other pending calls count
 * toward the caps) and added to the customer's outreach without replacing any schedule.
 */
export async function createIntegrationCalls(
  ctx: CompanyContext,
  customerId: string,
  scheduleType: string,
): Promise<CreatedScheduledCall[]> {
  const integration = resolveIntegration(ctx.config, scheduleType);
  if (!integration) {
    const supported = supportedScheduleTypes(ctx.config);
    throw new InvalidInputError(
      `Unsupported scheduleType: ${scheduleType}; supported: ${supported.length ? supported.join(', ') : 'none (no integration is configured for this company)'}`,
    );
  }
  return inTransaction(ctx.db, async (trx) => {
    const scope = { ...ctx, db: trx };
    const customer = await getCustomer(trx, ctx.companyId, customerId);
    if (!customer) throw new NotFoundError(`Customer ${customerId} not found`);
    const who = contacteeOf(customer);
    const request = {
      taskType: integration.schedulerTaskType,
      loanId: null,
      scheduler: integration.scheduler,
      recordedTaskType: integration.taskType,
    };
    const plan = await planCadence(scope, who, request);
    if (!plan.ok) {
      throw new ConflictError(
        `No call can be scheduled for customer ${customerId}: ${plan.message} (${plan.source})`,
        plan.reason,
      );
    }
    // The schedule's cadence is the integration (scheduleType); its calls carry the catalog task type.
    const stored = await storeSchedule(scope, who, request, plan, { cadenceId: null, source: 'integration' });
    return stored.calls.map((c) => ({
      id: c.id,
      customerId,
      scheduledTime: c.scheduledTime,
      status: 'pending' as const,
    }));
  });
}
