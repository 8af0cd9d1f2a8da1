import {
  type ContactRestrictionRow,
  type RestrictionKind,
  customerExists,
  getRestriction,
  getRestrictionById,
  liftRestriction,
  listAllRestrictions,
} from '../borrowers/borrowers.js';
import type { CompanyContext } from '../shared/context.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';

/**
 * Restrictions the API does not clear: Do Not Call is the customer's `doNotCall` flag (and a
 * revocation in the consent ledger), a cease request is the borrower's written right
 * (15 U.S.C. 1692c(c)); only the borrower, not the lender, undoes either.
 */
const NOT_CLEARABLE: ReadonlySet<RestrictionKind> = new Set(['do_not_call', 'cease_request']);

/**
 * Restrictions a call's flag also asserts from the contact history (src/scheduler/history.ts
 * RESTRICTING_FLAGS): clearing the row would not lift them, so a call-made one is refused rather
 * than reported cleared while calls stay blocked.
 */
const HISTORY_ASSERTED: ReadonlySet<RestrictionKind> = new Set(['attorney_representation', 'bankruptcy', 'deceased']);

/** Every restriction of the customer, active and lifted, oldest first (404 for an unknown customer). */
export async function listRestrictions(ctx: CompanyContext, customerId: string): Promise<ContactRestrictionRow[]> {
  if (!(await customerExists(ctx.db, ctx.companyId, customerId)))
    throw new NotFoundError(`Customer ${customerId} not found`);
  return listAllRestrictions(ctx.db, ctx.companyId, customerId);
}

/**
 * Lifts one restriction, recording who and why; the row stays (lifted). Clearing never touches the
 * consent ledger or the Do Not Call flag. An already lifted restriction answers as it is (the
 * first lift's who and why stand). 404 unknown; 409 for a kind the lender may not clear.
 */
export async function clearRestriction(
  ctx: CompanyContext,
  customerId: string,
  restrictionId: string,
  lift: { by: string; reason: string },
): Promise<ContactRestrictionRow> {
  const found = await getRestriction(ctx.db, ctx.companyId, customerId, restrictionId);
  if (!found) throw new NotFoundError(`Restriction ${restrictionId} not found`);
  if (NOT_CLEARABLE.has(found.kind))
    throw new ConflictError(
      `A ${found.kind} restriction is the borrower's to withdraw, not the lender's: it cannot be cleared`,
      'not_clearable',
    );
  if (found.source === 'call_outcome' && HISTORY_ASSERTED.has(found.kind))
    throw new ConflictError(
      `A ${found.kind} restriction reported on a call is also asserted by that call's outcome in the contact history: it cannot be cleared through the API`,
      'not_clearable',
    );
  if (!found.liftedAt)
    await liftRestriction(ctx.db, ctx.companyId, restrictionId, {
      at: ctx.now.toISOString(),
      by: lift.by,
      reason: lift.reason,
    });
  return (await getRestriction(ctx.db, ctx.companyId, customerId, restrictionId))!;
}

/** One restriction by id (the events' subject), or 404. */
export async function restrictionById(
  ctx: Pick<CompanyContext, 'db' | 'companyId'>,
  id: string,
): Promise<ContactRestrictionRow> {
  const found = await getRestrictionById(ctx.db, ctx.companyId, id);
  if (!found) throw new NotFoundError(`Restriction ${id} not found`);
  return found;
}
