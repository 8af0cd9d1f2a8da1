import { getCall, listCustomerCalls, type CallRow } from '../../store/calls/calls.js';
import { getCustomer } from '../../store/customers/customers.js';
import type { Db } from '../../store/shared/db.js';
import { NotFoundError } from '../shared/errors.js';
export type { CallRow };

type Scope = { db: Db; companyId: string };

export const DEFAULT_CALL_PAGE = 100;

/** A customer's calls, newest first; an unknown customer (or another company's) is 404. */
export async function customerCalls(ctx: Scope, customerId: string, page: { limit?: number; offset?: number }): Promise<CallRow[]> {
  if (!(await getCustomer(ctx.db, ctx.companyId, customerId))) throw new NotFoundError(`Customer ${customerId} not found`);
  return listCustomerCalls(ctx.db, ctx.companyId, customerId, page.limit ?? DEFAULT_CALL_PAGE, page.offset ?? 0);
}

/** One call of the company; another company's is 404 like a missing one. */
export async function callById(ctx: Scope, id: string): Promise<CallRow> {
  const call = await getCall(ctx.db, ctx.companyId, id);
  if (!call) throw new NotFoundError(`Call ${id} not found`);
  return call;
}
