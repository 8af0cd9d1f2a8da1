import pLimit, { type LimitFunction } from 'p-limit';
import pRetry from 'p-retry';
import { UnavailableError, UpstreamError } from '../../domain/shared/errors.js';

/** Fault handling toward one company's LMS, shared by every LMS adapter. */
export interface ReaderOptions {
  /** Names the LMS in messages, e.g. `LoanPro (instance 5200776)`. */
  label: string;
  timeoutMs: number;
  /** Extra attempts after a timeout, network error, 429 or 5xx. */
  retries: number;
  /** First backoff; doubles per attempt (with jitter). */
  backoffMs: number;
  /** Shared by all requests of the company in this process. */
  limit: LimitFunction;
  /** HTTP statuses by which this LMS says the requested id does not exist (default: 404). */
  missingStatuses?: readonly number[];
  /**
   * Reads the body of a `missingStatuses` answer: undefined when it says the requested id does not
   * exist, else the LMS's own words. Those words fail the read as a configuration error
   * (UpstreamError `lms_request_rejected`) instead of passing for "not found". Absent: every such
   * status is "not found".
   */
  refusalOf?: (body: unknown) => string | undefined;
}

/** The body (200), or `missing`: the LMS answered one of its "no such id" statuses. */
export type ReadResult = { status: 200; body: unknown } | { status: 'missing'; httpStatus: number };

/** How long a client should wait before retrying a request that failed because the LMS is down. */
export const LMS_RETRY_AFTER_SECONDS = 5;

class Transient extends Error {}

/**
 * GET a JSON resource: a per-request timeout, bounded retries with exponential backoff (reads are
 * idempotent), and at most `limit` requests in flight. Outcomes: the body (200), missing (one of
 * `missingStatuses`), or a domain error: UnavailableError when the LMS stays unreachable, slow or 5xx; UpstreamError
 * when it rejects the credentials (401/403, not retried) or answers something else.
 */
export function createReader(opts: ReaderOptions) {
  return async function read(url: string, headers: Record<string, string>, what: string): Promise<ReadResult> {
    let attempts = 0;
    try {
      return await pRetry(
        async () => {
          attempts += 1;
          return opts.limit(() => attempt(url, headers, what, opts));
        },
        {
          retries: opts.retries,
          minTimeout: opts.backoffMs,
          factor: 2,
          randomize: true,
          shouldRetry: ({ error }) => error instanceof Transient,
        },
      );
    } catch (err) {
      if (err instanceof Transient) {
        throw new UnavailableError(
          `${opts.label} is unavailable: ${err.message} (${what}; ${attempts} attempts); retry later`,
          LMS_RETRY_AFTER_SECONDS,
        );
      }
      throw err;
    }
  };
}

async function attempt(
  url: string,
  headers: Record<string, string>,
  what: string,
  opts: ReaderOptions,
): Promise<ReadResult> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      headers: { Accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    text = await res.text(); // the timeout covers the body too
  } catch (err) {
    const name = (err as Error).name;
    throw new Transient(
      name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${opts.timeoutMs} ms` : 'connection failed',
    );
  }
  if (res.status === 429 || res.status >= 500) throw new Transient(`it answered HTTP ${res.status}`);
  if (res.status === 401 || res.status === 403) {
    throw new UpstreamError(
      `${opts.label} rejected the credentials in this company's LMS configuration (lms.token, lms.instanceId): HTTP ${res.status}. ` +
        'An operator must update them with `outreach company config set`.',
      'lms_credentials_rejected',
    );
  }
  if ((opts.missingStatuses ?? [404]).includes(res.status)) {
    const body = parseOr(text);
    const refusal = opts.refusalOf?.(body);
    if (refusal === undefined) return { status: 'missing', httpStatus: res.status };
    throw new UpstreamError(
      `${opts.label} refused the request for ${what} with HTTP ${res.status}: ${refusal}. ` +
        'This is not an unknown id: check lms.baseUrl (the API root, ending in /api/public/api/1) and the request.',
      'lms_request_rejected',
    );
  }
  if (res.status !== 200)
    throw new UpstreamError(`${opts.label} answered HTTP ${res.status} to ${what}`, 'lms_bad_response');
  try {
    return { status: 200, body: JSON.parse(text) };
  } catch {
    throw new UpstreamError(`${opts.label} answered ${what} with a body that is not JSON`, 'lms_bad_response');
  }
}

/** A body as JSON, or undefined when it is not JSON. */
function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const perCompanyLimit = (max: number): LimitFunction => pLimit(max);
