import { contactEligibility } from '../domain/customers/contact-eligibility.js';
import type { OperationHandler, PathParams, QueryParams } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const getContactEligibility: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'getContactEligibility'>;
  const query = c.request.query as Record<keyof QueryParams<'getContactEligibility'>, string | undefined>;
  return {
    status: 200,
    body: await contactEligibility(companyContext(env), customerId, { at: query.at, loanId: query.loanId }),
  };
};
