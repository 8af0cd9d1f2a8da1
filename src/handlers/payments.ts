import { recordAchConfirm, recordAchConfirms } from '../domain/ach/confirms.js';
import { readPayment, savePayment } from '../domain/ach/payments.js';
import { readReturnRates } from '../domain/ach/return-rates.js';
import { recordAchReturnWithOutreach, recordAchReturnsWithOutreach } from '../domain/enrollment/return-outreach.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentPayment, presentReturnRates, presentReturnResult, presentRowOutcomes } from '../http/presenters/ach.js';
import { companyContext } from './context.js';

export const upsertPayment: OperationHandler<'upsertPayment'> = async (c, env) => {
  const { view, created } = await savePayment(companyContext(env), c.request.requestBody);
  return { status: created ? 201 : 200, body: presentPayment(view) };
};

export const getPayment: OperationHandler<'getPayment'> = async (c, env) => {
  const { customerId, loanId, paymentId } = c.request.params;
  return {
    status: 200,
    body: presentPayment(await readPayment(companyContext(env), { customerId, loanId, paymentId })),
  };
};

export const createAchReturn: OperationHandler<'createAchReturn'> = async (c, env) => ({
  status: 200,
  body: presentReturnResult(await recordAchReturnWithOutreach(companyContext(env), c.request.requestBody)),
});

export const createAchReturnBatch: OperationHandler<'createAchReturnBatch'> = async (c, env) => ({
  status: 200,
  body: presentRowOutcomes(await recordAchReturnsWithOutreach(companyContext(env), c.request.requestBody.returns)),
});

export const createAchConfirm: OperationHandler<'createAchConfirm'> = async (c, env) => {
  const { message } = await recordAchConfirm(companyContext(env), c.request.requestBody);
  return { status: 200, body: { success: true, message } };
};

export const createAchConfirmBatch: OperationHandler<'createAchConfirmBatch'> = async (c, env) => ({
  status: 200,
  body: presentRowOutcomes(await recordAchConfirms(companyContext(env), c.request.requestBody.confirms)),
});

export const getAchReturnRates: OperationHandler<'getAchReturnRates'> = async (_c, env) => ({
  status: 200,
  body: presentReturnRates(await readReturnRates(companyContext(env))),
});
