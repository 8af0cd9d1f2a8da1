import { type LoanWrite, saveLoan } from '../domain/loans.js';
import type { OperationHandler, RequestBody } from '../http/handler-types.js';
import { presentLoan } from './batch-presenters.js';
import { companyContext } from './context.js';

export const createLoan: OperationHandler = async (c, env) => {
  const body = c.request.requestBody as RequestBody<'createLoan'>;
  const { loan, created } = await saveLoan(companyContext(env), body as LoanWrite);
  return { status: created ? 201 : 200, body: presentLoan(loan) };
};
