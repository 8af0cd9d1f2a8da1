import { readPayment, savePayment } from '../domain/ach/payments.js';
import { recordAchReturnWithOutreach, recordAchReturnsWithOutreach } from '../domain/enrollment/return-outreach.js';
import { statusOf } from '../http/error-response.js';
import { recordAchConfirm, recordAchConfirms } from '../domain/ach/confirms.js';
import type { ReturnOutreach, RowOutcome } from '../domain/ach/row-runner.js';
import { readReturnRates } from '../domain/ach/return-rates.js';
import type { OperationHandler, PathParams, RequestBody } from '../http/handler-types.js';
import { companyContext } from './context.js';
import { presentPayment, presentRate } from './payment-presenters.js';

export const upsertPayment: OperationHandler = async (c, env) => {
  const body = c.request.requestBody as RequestBody<'upsertPayment'>;
  const { view, created } = await savePayment(companyContext(env), body);
  return { status: created ? 201 : 200, body: presentPayment(view) };
};

export const getPayment: OperationHandler = async (c, env) => {
  const { customerId, loanId, paymentId } = c.request.params as PathParams<'getPayment'>;
  return {
    status: 200,
    body: presentPayment(await readPayment(companyContext(env), { customerId, loanId, paymentId })),
  };
};

export const createAchReturn: OperationHandler = async (c, env) => {
  const body = c.request.requestBody as RequestBody<'createAchReturn'>;
  const { message, outreach } = await recordAchReturnWithOutreach(companyContext(env), body);
  return { status: 200, body: { success: true, message, ...presentOutreach(outreach) } };
};

export const createAchReturnBatch: OperationHandler = async (c, env) => {
  const { returns } = c.request.requestBody as RequestBody<'createAchReturnBatch'>;
  return { status: 200, body: batchResult(await recordAchReturnsWithOutreach(companyContext(env), returns)) };
};

export const createAchConfirm: OperationHandler = async (c, env) => {
  const body = c.request.requestBody as RequestBody<'createAchConfirm'>;
  const { message } = await recordAchConfirm(companyContext(env), body);
  return { status: 200, body: { success: true, message } };
};

export const createAchConfirmBatch: OperationHandler = async (c, env) => {
  const { confirms } = c.request.requestBody as RequestBody<'createAchConfirmBatch'>;
  return { status: 200, body: batchResult(await recordAchConfirms(companyContext(env), confirms)) };
};

/** One result per submitted row, at its index: the single operation's message, or its status and message. */
function batchResult(outcomes: RowOutcome[]) {
  const results = outcomes.map((o, index) =>
    o.ok
      ? { index, success: true, message: o.message, ...presentOutreach(o.outreach) }
      : { index, success: false, error: statusOf(o.error), message: o.error.message },
  );
  const applied = outcomes.filter((o) => o.ok).length;
  return { applied, failed: outcomes.length - applied, results };
}

/** The `outreach` extension field of a return's result, only when outreach applied. */
function presentOutreach(o: ReturnOutreach | undefined) {
  if (!o) return {};
  return {
    outreach: {
      status: o.status,
      task_type: o.taskType,
      schedule_id: o.scheduleId,
      scheduled_call_id: o.scheduledCallId,
      scheduled_time: o.scheduledTime,
      scheduled_call_count: o.scheduledCallCount,
      reason: o.reason,
    },
  };
}

export const getAchReturnRates: OperationHandler = async (_c, env) => {
  const rates = await readReturnRates(companyContext(env));
  return {
    status: 200,
    body: {
      window_start: rates.windowStart,
      window_end: rates.windowEnd,
      rates: Object.fromEntries(rates.figures.map((f) => [f.rate, presentRate(f)])),
    },
  };
};
