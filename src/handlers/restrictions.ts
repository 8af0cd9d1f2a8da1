import { clearRestriction, listRestrictions } from '../domain/customers/restrictions.js';
import type { OperationHandler, RequestEnv } from '../http/handler-types.js';
import { presentRestriction } from '../http/presenters/restrictions.js';
import { companyContext } from './context.js';

/** Who made the request, as a cleared restriction records it. */
function actor(env: RequestEnv): string {
  return env.principal?.kind === 'console' ? `console:${env.principal.email}` : 'api_key';
}

export const listCustomerRestrictions: OperationHandler<'listCustomerRestrictions'> = async (c, env) => {
  const customerId = c.request.params.customerId;
  const rows = await listRestrictions(companyContext(env), customerId);
  return { status: 200, body: { customerId, restrictions: rows.map(presentRestriction) } };
};

export const clearCustomerRestriction: OperationHandler<'clearCustomerRestriction'> = async (c, env) => ({
  status: 200,
  body: presentRestriction(
    await clearRestriction(companyContext(env), c.request.params.customerId, c.request.params.restrictionId, {
      by: actor(env),
      reason: c.request.query.reason,
    }),
  ),
});
