import { customerLoans, saveLoan } from '../domain/loans/loans.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentLoan } from '../http/presenters/loans.js';
import { companyContext } from './context.js';

export const createLoan: OperationHandler<'createLoan'> = async (c, env) => {
  const { loan, created } = await saveLoan(companyContext(env), c.request.requestBody);
  return { status: created ? 201 : 200, body: presentLoan(loan) };
};

export const listCustomerLoans: OperationHandler<'listCustomerLoans'> = async (c, env) => ({
  status: 200,
  body: (await customerLoans(companyContext(env), c.request.params.customerId)).map(presentLoan),
});
