import type { CompanyContext } from '../domain/shared/context.js';
import { UnauthorizedError } from '../domain/shared/errors.js';
import type { RequestEnv } from '../http/handler-types.js';

/** The authenticated company's context for a use case. */
export function companyContext(env: RequestEnv): CompanyContext {
  if (!env.company) throw new UnauthorizedError();
  return {
    db: env.services.db,
    companyId: env.company.id,
    config: env.company.config,
    now: env.services.now(),
    testAliasSunset: env.services.config.testAliasSunset,
    lms: () => env.services.lms(env.company!.id, env.company!.config.lms),
  };
}
