import type { AchContext } from '../domain/ach/payment-methods.js';
import type { RequestEnv } from '../http/handler-types.js';
import { companyContext } from './context.js';

/** The tenant and the request's clock, which is all the ACH use cases take. */
export function achContext(env: RequestEnv): AchContext {
  const { db, companyId, now } = companyContext(env);
  return { db, companyId, now };
}
