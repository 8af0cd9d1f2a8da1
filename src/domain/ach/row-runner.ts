import type { CompanyContext } from '../shared/context.js';
import type { Db } from '../../store/shared/db.js';
import { DomainError, InvalidInputError } from '../shared/errors.js';
import { type RowSchemaName, rowProblems } from '../shared/row-schema.js';
import { unstorableText } from '../../contract/json-limits.js';

/** What a return row did about outreach (enrollment/return-outreach.ts); absent when outreach does not apply. */
export interface ReturnOutreach {
  status: 'enrolled' | 'already_enrolled' | 'not_enrolled';
  taskType: string;
  scheduleId?: string;
  scheduledCallId?: string;
  scheduledTime?: string;
  scheduledCallCount?: number;
  /** Why the customer was not enrolled (a contact restriction, no allowed time, another active cadence). */
  reason?: string;
}

/** A row that applied: its message, and for a return its outreach. */
export interface RowSuccess {
  message: string;
  outreach?: ReturnOutreach;
}

/** One submitted row's outcome: its message, or the error the single operation would answer. */
export type RowOutcome = ({ ok: true } & RowSuccess) | { ok: false; error: DomainError };

/** Rows per database transaction: bounds how long a batch holds the (single, on SQLite) connection. */
const ROWS_PER_TRANSACTION = 100;

/**
 * Runs ACH rows (returns, settlement confirmations) in order, each in its own savepoint: a row that
 * fails changes nothing and the others still apply. A single operation is a batch of one. A batch row
 * is loose in the request schema, so its type and text are checked here against `schema`, as request
 * validation checks a single body. A non-domain error (a bug, the database gone) fails the request.
 */
export async function runRows<T>(
  ctx: CompanyContext,
  rows: readonly unknown[],
  schema: RowSchemaName,
  apply: (db: Db, input: T) => Promise<string | RowSuccess>,
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_TRANSACTION) {
    const chunk = rows.slice(start, start + ROWS_PER_TRANSACTION);
    await ctx.db.transaction(async (trx) => {
      for (const row of chunk) {
        try {
          const problems = rowProblems(schema, row) ?? unstorableText(row);
          if (problems) throw new InvalidInputError(problems);
          const done = await trx.transaction((savepoint) => apply(savepoint, row as T));
          outcomes.push(typeof done === 'string' ? { ok: true, message: done } : { ok: true, ...done });
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          outcomes.push({ ok: false, error: err });
        }
      }
    });
  }
  return outcomes;
}

/** The single operation's answer from its batch of one: the message (and outreach), or the row's error thrown. */
export function single(outcomes: RowOutcome[]): RowSuccess {
  const [outcome] = outcomes;
  if (!outcome.ok) throw outcome.error;
  const { ok: _ok, ...success } = outcome;
  return success;
}
