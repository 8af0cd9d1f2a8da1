import type { ErrorObject } from 'ajv';
import type { CompanyContext } from '../shared/context.js';
import { DomainError, InvalidInputError } from '../shared/errors.js';
import { type LoanWrite, saveLoans } from '../loans/loans.js';
import { rowProblems, type RowSchemaName } from '../shared/row-schema.js';
import { unstorableText } from '../../contract/json-limits.js';

/**
 * One row's outcome: a DomainError fails the row alone; otherwise an optional result to keep.
 * A failed row may keep a result too (an enrollment row reports its failure in `results` as well).
 */
export type RowResult = { error: DomainError; result?: unknown } | { result?: unknown };

/**
 * What runs the rows of a batch job, by job kind. Pluggable so each kind (customer, loan and
 * enrollment rows) only supplies a processor (src/domain/batches/processors.ts): submission, slicing, retries, progress and failures are shared.
 */
export interface RowProcessor {
  /**
   * Work done before the slice's transaction opens (reads from outside systems such as the LMS),
   * one entry per row: what runAll receives in place of the row, or the DomainError that fails the
   * row. An UnavailableError defers the row to the job's next attempt (src/jobs/slice-support.ts).
   */
  prefetch?(ctx: CompanyContext, rows: unknown[]): Promise<unknown[]>;
  /**
   * Runs the rows of one slice, in index order, inside the slice's transaction (`ctx.db`), and
   * returns one RowResult per row. A result other than undefined is kept (the job's `results`).
   * Any thrown error fails the attempt (the slice is retried; see src/jobs/batch-slices.ts).
   */
  runAll(ctx: CompanyContext, rows: unknown[]): Promise<RowResult[]>;
  /**
   * The result to keep for a row the worker gave up on (unexpected errors until the last attempt),
   * for kinds whose rows all report a result. Absent: such a row has only its failure.
   */
  failedResult?(row: unknown, failure: { status: number; code: string; message: string }): unknown;
}

export const CUSTOMER_CREATE = 'customer_create';
export const LOAN_UPSERT = 'loan_upsert';
export const ENROLLMENT = 'enrollment';

/** A processor that runs rows one at a time (for kinds without a set-based write). */
export function perRow(run: (ctx: CompanyContext, row: unknown) => Promise<unknown>): RowProcessor {
  return {
    async runAll(ctx, rows) {
      const results: RowResult[] = [];
      for (const row of rows) {
        try {
          results.push({ result: await run(ctx, row) });
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          results.push({ error: err });
        }
      }
      return results;
    },
  };
}

/** The row as an object of the spec's row schema, or the DomainError that fails it. */
export function typeCheck(
  row: unknown,
  schema: RowSchemaName,
  ignore?: (e: ErrorObject) => boolean,
): DomainError | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    return new InvalidInputError('Each row must be a JSON object');
  const unstorable = unstorableText(row);
  if (unstorable) return new InvalidInputError(unstorable);
  const problems = rowProblems(schema, row, ignore);
  return problems ? new InvalidInputError(problems) : null;
}

/** Type-checks every row, hands the well-typed ones to a set-based save, and merges the outcomes in row order. */
function setBased<T>(
  schema: RowSchemaName,
  save: (ctx: CompanyContext, rows: T[]) => Promise<(DomainError | null)[]>,
  ignore?: (e: ErrorObject) => boolean,
): RowProcessor {
  return {
    async runAll(ctx, rows) {
      const typeErrors = rows.map((row) => typeCheck(row, schema, ignore));
      const saved = await save(ctx, rows.filter((_, i) => typeErrors[i] === null) as T[]);
      let next = 0;
      return typeErrors.map((error) => {
        const outcome = error ?? saved[next++];
        return outcome ? { error: outcome } : { result: undefined };
      });
    },
  };
}

export const loanRows = setBased<LoanWrite>('LoanInput', saveLoans);
