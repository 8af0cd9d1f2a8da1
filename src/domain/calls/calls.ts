import { getCall, listCustomerCalls, type CallRow } from '../../store/calls/calls.js';
import { getCustomer } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import { decodeCursor, encodeCursor, pageStart, type CursorScope, type PageRequest } from '../shared/cursor.js';
import { NotFoundError } from '../shared/errors.js';
export type { CallRow };

type Scope = { db: Db; companyId: string };

export const DEFAULT_CALL_PAGE = 100;

/**
 * A customer's calls, newest first, and the cursor of the next page when more follow; an unknown
 * customer (or another company's) is 404, a bad cursor 400.
 */
export async function customerCalls(
  ctx: Scope,
  customerId: string,
  page: PageRequest,
): Promise<{ calls: CallRow[]; nextCursor: string | null }> {
  const scope: CursorScope = { list: 'calls', companyId: ctx.companyId, customerId, ties: ['string'] };
  const offset = pageStart(page);
  const after = page.cursor === undefined ? undefined : decodeCursor(scope, page.cursor);
  if (!(await getCustomer(ctx.db, ctx.companyId, customerId)))
    throw new NotFoundError(`Customer ${customerId} not found`);
  const { rows, next } = await listCustomerCalls(
    ctx.db,
    ctx.companyId,
    customerId,
    page.limit ?? DEFAULT_CALL_PAGE,
    offset,
    after,
  );
  return { calls: rows, nextCursor: next && encodeCursor(scope, next) };
}

/** One call of the company; another company's is 404 like a missing one. */
export async function callById(ctx: Scope, id: string): Promise<CallRow> {
  const call = await getCall(ctx.db, ctx.companyId, id);
  if (!call) throw new NotFoundError(`Call ${id} not found`);
  return call;
}
