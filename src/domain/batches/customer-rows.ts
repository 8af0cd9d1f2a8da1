import type { ErrorObject } from 'ajv';
import type { CompanyContext } from '../shared/context.js';
import { checkRequestOnlyRules, type CustomerWrite, saveCustomers } from '../customers/records.js';
import { fetchLmsFill, type LmsFill } from '../customers/lms-fill.js';
import { DomainError } from '../shared/errors.js';
import { type RowProcessor, type RowResult, typeCheck } from './row-processors.js';

/** A customer-create row with what the LMS supplied for it, read by `prefetch` before the slice's transaction. */
class Prefetched {
  constructor(
    readonly row: unknown,
    readonly fill: LmsFill | undefined,
  ) {}
}

// Missing customer fields are reported by the customer workflow with the contract's exact message.
const missingCustomerField = (e: ErrorObject) =>
  e.instancePath === '' && (e.keyword === 'required' || e.keyword === 'if');

const typeError = (row: unknown): DomainError | null => typeCheck(row, 'CustomerCreate', missingCustomerField);

/** The row's LMS fill, after the rules the request alone decides (its required fields): a row missing them is not read from the LMS. */
async function fillOf(ctx: CompanyContext, row: unknown): Promise<LmsFill | undefined | DomainError> {
  try {
    checkRequestOnlyRules(ctx, row as CustomerWrite);
    return await fetchLmsFill(ctx, row as CustomerWrite);
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
}

/**
 * Customer-create rows (POST /customers/batch without `scheduleMode`): the same rules as
 * POST /customers, written set-based. Rows with `sync: true` or `loanIds` are read from the LMS in
 * `prefetch` (concurrently, within the company's LMS concurrency limit), outside any transaction.
 */
export const customerRows: RowProcessor = {
  async prefetch(ctx, rows) {
    return Promise.all(
      rows.map(async (row) => {
        if (typeError(row)) return row; // runAll reports it
        const fill = await fillOf(ctx, row);
        return fill instanceof DomainError ? fill : new Prefetched(row, fill);
      }),
    );
  },

  async runAll(ctx, items) {
    const results: (RowResult | undefined)[] = [];
    const bodies: CustomerWrite[] = [];
    const fills: (LmsFill | undefined)[] = [];
    const slots: number[] = [];
    for (const [i, item] of items.entries()) {
      const row = item instanceof Prefetched ? item.row : item;
      // A prefetched row passed the type check in prefetch: not checked twice.
      const error = item instanceof Prefetched ? null : typeError(row);
      // Not prefetched (a caller outside the worker): read the LMS here.
      const fill = error ? undefined : item instanceof Prefetched ? item.fill : await fillOf(ctx, row);
      if (error || fill instanceof DomainError) {
        results[i] = { error: (error ?? fill) as DomainError };
        continue;
      }
      bodies.push(row as CustomerWrite);
      fills.push(fill);
      slots.push(i);
    }
    const saved = await saveCustomers(ctx, bodies, fills);
    saved.forEach((outcome, k) => (results[slots[k]] = outcome ? { error: outcome } : { result: undefined }));
    return results as RowResult[];
  },
};
