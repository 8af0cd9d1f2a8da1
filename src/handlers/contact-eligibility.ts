import { contactEligibility } from '../domain/customers/contact-eligibility.js';
import type { OperationHandler } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const getContactEligibility: OperationHandler<'getContactEligibility'> = async (c, env) => {
  const { at, loanId } = c.request.query;
  return {
    status: 200,
    body: await contactEligibility(companyContext(env), c.request.params.customerId, { at, loanId }),
  };
};
