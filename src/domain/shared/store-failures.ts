import { isInvalidValue, isTransient } from '../../store/shared/db-errors.js';
import { type DomainError, InvalidInputError, UnavailableError } from './errors.js';

/**
 * The one place a database driver's error becomes a domain error (the codes themselves are read in
 * src/store/shared/db-errors.ts). A lost connection, a deadlock or a busy database is
 * `UnavailableError`: nothing was committed and the same work may be retried. A value the column
 * cannot hold is `InvalidInputError`: the input's fault. Anything else is not a store failure the
 * caller can act on: null, and the error stays unexpected.
 */
export function storeFailure(err: unknown): DomainError | null {
  if (isTransient(err)) return new UnavailableError('The database is unavailable; retry shortly');
  if (isInvalidValue(err)) return new InvalidInputError('A value is too long or out of range for its field');
  return null;
}

/** Not the work's fault and worth a retry (see storeFailure). */
export const isUnavailable = (err: unknown): boolean => storeFailure(err) instanceof UnavailableError;
