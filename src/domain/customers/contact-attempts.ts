import type { components } from '../../../generated/api-types.js';
import { type RowOutcome, runRows, single } from '../ach/row-runner.js';
import {
  customerExists,
  findOutsideContact,
  insertOutsideContact,
  listOutsideContactsOf,
  type OutsideContactRow,
} from '../borrowers/borrowers.js';
import type { CompanyContext, Db } from '../shared/context.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';

/** POST /contact-attempts body, already type-checked against the spec. */
export type ContactAttemptInput = components['schemas']['ContactAttemptSubmission'];

/** A lender's clock may run a little ahead of ours; more than this is a mistake, not skew. */
const FUTURE_SKEW_MS = 5 * 60_000;

/**
 * POST /contact-attempts and POST /contact-attempts/batch (docs/partners/contact-attempts.md): the
 * lender's own calls, texts, emails and conversations, kept so that every frequency rule and the
 * quiet period after a conversation count them (domain/planning/contact-history.ts). Rows run like
 * ACH rows: in order, each in its own savepoint, a failed row changes nothing.
 */
export async function recordContactAttempts(ctx: CompanyContext, rows: readonly unknown[]): Promise<RowOutcome[]> {
  const at = ctx.now.toISOString();
  return runRows<ContactAttemptInput>(ctx, rows, 'ContactAttemptSubmission', (db, input) =>
    applyAttempt(db, ctx.companyId, input, ctx.now, at),
  );
}

export async function recordContactAttempt(
  ctx: CompanyContext,
  input: ContactAttemptInput,
): Promise<{ message: string }> {
  return single(await recordContactAttempts(ctx, [input]));
}

/** The fields that make two submissions of one attempt id the same contact. */
const SAME_CONTENT = [
  'customerId',
  'loanId',
  'channel',
  'direction',
  'purpose',
  'occurredAt',
  'outcome',
  'conversation',
  'address',
  'source',
] as const;

async function applyAttempt(db: Db, companyId: string, input: ContactAttemptInput, now: Date, at: string) {
  const occurredMs = Date.parse(input.occurredAt);
  if (Number.isNaN(occurredMs)) throw new InvalidInputError(`occurredAt: ${input.occurredAt} is not a date-time`);
  if (occurredMs > now.getTime() + FUTURE_SKEW_MS)
    throw new InvalidInputError(`occurredAt: ${input.occurredAt} is in the future`);
  const row: OutsideContactRow = {
    id: newId(),
    companyId,
    externalId: input.attemptId,
    customerId: input.customerId,
    loanId: input.loanId ?? null,
    channel: input.channel,
    direction: input.direction ?? 'outbound',
    purpose: input.purpose ?? null,
    // Stored as UTC ISO so that SQLite's text comparison orders it like an instant.
    occurredAt: new Date(occurredMs).toISOString(),
    outcome: input.outcome,
    conversation: input.conversation,
    address: input.address ?? null,
    source: input.source ?? null,
    recordedAt: at,
  };
  const known = await findOutsideContact(db, companyId, row.externalId);
  if (known) {
    const differs = SAME_CONTENT.filter((f) => known[f] !== row[f]);
    if (differs.length)
      throw new ConflictError(
        `Contact attempt ${row.externalId} was already recorded with different content (${differs.join(', ')})`,
        'contact_attempt_conflict',
      );
    return `Contact attempt ${row.externalId} was already recorded; nothing changed`;
  }
  if (!(await customerExists(db, companyId, row.customerId)))
    throw new NotFoundError(`Customer ${row.customerId} not found`);
  await insertOutsideContact(db, row);
  return `Contact attempt ${row.externalId} (${row.direction} ${row.channel}) recorded for customer ${row.customerId}`;
}

/** GET /customers/{customerId}/contact-attempts: every contact the lender reported for the customer, oldest first. */
export async function listContactAttempts(ctx: CompanyContext, customerId: string): Promise<OutsideContactRow[]> {
  if (!(await customerExists(ctx.db, ctx.companyId, customerId)))
    throw new NotFoundError(`Customer ${customerId} not found`);
  return listOutsideContactsOf(ctx.db, [{ companyId: ctx.companyId, customerId }], null);
}
