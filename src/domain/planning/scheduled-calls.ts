import { getCustomer } from '../../store/customers/customers.js';
import type { Db } from '../../store/shared/db.js';
import { getScheduledCall, listScheduledCalls, type ScheduledCallRow } from '../../store/planning/schedules.js';
import { NotFoundError } from '../shared/errors.js';
export type { ScheduledCallRow };

type Scope = { db: Db; companyId: string };

export const DEFAULT_PAGE_SIZE = 100;

/** A customer's scheduled calls by scheduledTime ascending; an unknown customer (or another company's) is 404. */
export async function customerScheduledCalls(ctx: Scope, customerId: string, page: { limit?: number; offset?: number }): Promise<ScheduledCallRow[]> {
  if (!(await getCustomer(ctx.db, ctx.companyId, customerId))) throw new NotFoundError(`Customer ${customerId} not found`);
  return listScheduledCalls(ctx.db, ctx.companyId, customerId, page.limit ?? DEFAULT_PAGE_SIZE, page.offset ?? 0);
}

export async function scheduledCall(ctx: Scope, id: string): Promise<ScheduledCallRow> {
  const call = await getScheduledCall(ctx.db, ctx.companyId, id);
  if (!call) throw new NotFoundError(`Scheduled call ${id} not found`);
  return call;
}
