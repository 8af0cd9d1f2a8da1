import { customerLoans, saveLoan } from '../domain/loans/loans.js';
import type { OperationHandler, PathParams, RequestBody } from '../http/handler-types.js';
import { presentLoan } from './batch-presenters.js';
import { companyContext } from './context.js';

export const createLoan: OperationHandler = async (c, env) => {
  const body = c.request.requestBody as RequestBody<'createLoan'>;
  const { loan, created } = await saveLoan(companyContext(env), body);
  return { status: created ? 201 : 200, body: presentLoan(loan) };
};

export const listCustomerLoans: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'listCustomerLoans'>;
  return { status: 200, body: (await customerLoans(companyContext(env), customerId)).map(presentLoan) };
};
