import type { CompanyContext } from '../shared/context.js';
import {
  ConflictError,
  DomainError,
  InvalidInputError,
  UnavailableError,
  UnprocessableError,
} from '../shared/errors.js';
import { IDEMPOTENCY_KEY_PATTERN, type StoredResponse } from '../shared/idempotency.js';
import { prepareEnrollment, type OriginationReceipt } from '../enrollment/enroll.js';
import { enrollOnce, type EnrollmentResponder } from '../enrollment/sync.js';
import { validateEnrollmentBody } from '../enrollment/validate.js';
import { unstorableText } from '../../contract/json-limits.js';
import { refOf } from './row-refs.js';
import type { RowProcessor, RowResult } from './row-processors.js';

/** One row's entry in the job's `results` (OriginationRowResult without `index`, which the presenter adds). */
export interface EnrollmentRowResult {
  customerId: string | null;
  status: 'scheduled' | 'already_scheduled' | 'failed';
  loanId: string | null;
  replayed: boolean;
  retryable: boolean;
  code: string | null;
  message: string | null;
  origination: OriginationReceipt | null;
}

type Refs = Pick<EnrollmentRowResult, 'customerId' | 'loanId'>;

/**
 * Enrollment rows of `POST /customers/batch` (`scheduleMode: enroll`). Each row is exactly a single
 * enrollment (`POST /customers/schedule/sync`) whose Idempotency-Key is the row's `idempotencyKey`:
 * same checks in the same order, same fingerprint, same stored response. So a key already used by a
 * single request or an earlier batch replays its result (`replayed: true`), and a slice that runs
 * again cannot enroll twice. Rows run in the slice's transaction: a row's claim, its enrollment and
 * its stored response commit with the row's outcome, or not at all.
 */
export function enrollmentRows(respond: EnrollmentResponder): RowProcessor {
  return {
    async runAll(ctx, rows) {
      const results: RowResult[] = [];
      for (const row of rows) results.push(await runRow(ctx, row, respond));
      return results;
    },
    failedResult: (row, f) => failed(refsOf(row), f.code, f.message, true),
  };
}

async function runRow(ctx: CompanyContext, row: unknown, respond: EnrollmentResponder): Promise<RowResult> {
  const refs = refsOf(row);
  try {
    const { key, body } = splitRow(row);
    const input = prepareEnrollment(ctx, validateEnrollmentBody(body));
    const { response, replayed } = await enrollOnce(ctx, key, body, input, respond);
    return fromStored(refs, response, replayed);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err; // not the row's fault: the slice is retried
    return { error: err, result: failed(refs, err.code, err.message, isRetryable(err)) };
  }
}

/**
 * Transient failures only: repeating the row with the same key may succeed (a dependency down, or the same key
 * still running elsewhere). Validation failures and business conflicts need a change, not a retry.
 */
function isRetryable(err: DomainError): boolean {
  return err instanceof UnavailableError || err.code === 'request_in_progress';
}

/** The row's key and the single-enrollment body it stands for (so both fingerprint alike). */
function splitRow(row: unknown): { key: string; body: Record<string, unknown> } {
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    throw new InvalidInputError('Each row must be a JSON object');
  const unstorable = unstorableText(row);
  if (unstorable) throw new InvalidInputError(unstorable);
  const { idempotencyKey: key, ...rest } = row as Record<string, unknown>;
  if (key === undefined || key === null || key === '') {
    throw new InvalidInputError('idempotencyKey: is required in every enrollment row', 'missing_idempotency_key');
  }
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new InvalidInputError(
      `idempotencyKey: must be 1 to 128 characters matching ${IDEMPOTENCY_KEY_PATTERN.source}`,
      'invalid_idempotency_key',
    );
  }
  // `scheduleMode` may be omitted in a row; a row's own other value stays and fails the schema.
  return { key, body: { scheduleMode: 'enroll', ...rest } };
}

/** A stored response (this run's or a replay): 200 carries the receipt; a stored 409 fails the row. */
function fromStored(refs: Refs, response: StoredResponse, replayed: boolean): RowResult {
  if (response.status === 200) {
    const origination = (response.body as { origination: OriginationReceipt }).origination;
    return {
      result: {
        ...refs,
        status: origination.status,
        replayed,
        retryable: false,
        code: null,
        message: null,
        origination,
      } satisfies EnrollmentRowResult,
    };
  }
  const detail = (response.body as { detail?: { code?: string; message?: string } }).detail ?? {};
  const code = detail.code ?? 'conflict';
  const message = detail.message ?? `Enrollment answered ${response.status}`;
  // Enrollment stores only 200s and 409 conflicts (validation failures and 5xx never are).
  const error = response.status === 409 ? new ConflictError(message, code) : new UnprocessableError(message, code);
  return { error, result: { ...failed(refs, code, message, false), replayed } };
}

function failed(refs: Refs, code: string, message: string, retryable: boolean): EnrollmentRowResult {
  return { ...refs, status: 'failed', replayed: false, retryable, code, message, origination: null };
}

function refsOf(row: unknown): Refs {
  const str = (field: string) =>
    typeof (row as Record<string, unknown> | null)?.[field] === 'string' ? refOf(row, field) : null;
  return { customerId: str('id'), loanId: str('loanId') };
}
