import { getCustomer } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import { getScheduledCall, listScheduledCalls, type ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import { decodeCursor, encodeCursor, pageStart, type CursorScope, type PageRequest } from '../shared/cursor.js';
import { NotFoundError } from '../shared/errors.js';
export type { ScheduledCallRow };

type Scope = { db: Db; companyId: string };

export const DEFAULT_PAGE_SIZE = 100;

/** A customer's scheduled calls by scheduledTime ascending; an unknown customer (or another company's) is 404. */
export async function customerScheduledCalls(
  ctx: Scope,
  customerId: string,
  page: PageRequest,
): Promise<{ calls: ScheduledCallRow[]; nextCursor: string | null }> {
  const scope: CursorScope = {
    list: 'scheduled-calls',
    companyId: ctx.companyId,
    customerId,
    ties: ['integer', 'string'],
  };
  const offset = pageStart(page);
  const after = page.cursor === undefined ? undefined : decodeCursor(scope, page.cursor);
  if (!(await getCustomer(ctx.db, ctx.companyId, customerId)))
    throw new NotFoundError(`Customer ${customerId} not found`);
  const { rows, next } = await listScheduledCalls(
    ctx.db,
    ctx.companyId,
    customerId,
    page.limit ?? DEFAULT_PAGE_SIZE,
    offset,
    after,
  );
  return { calls: rows, nextCursor: next && encodeCursor(scope, next) };
}

export async function scheduledCall(ctx: Scope, id: string): Promise<ScheduledCallRow> {
  const call = await getScheduledCall(ctx.db, ctx.companyId, id);
  if (!call) throw new NotFoundError(`Scheduled call ${id} not found`);
  return call;
}
