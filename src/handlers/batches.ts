import {
  CUSTOMER_BATCH_KINDS,
  LOAN_BATCH_KINDS,
  listBatches as listBatchJobs,
  readBatchJob,
} from '../domain/batches/read.js';
import { submitEnrollmentBatch } from '../domain/batches/submit-enrollment.js';
import { type BatchDeps, submitCustomerBatch, submitLoanBatch } from '../domain/batches/submit.js';
import type { HandlerResult, OperationContext, OperationHandler, RequestEnv } from '../http/handler-types.js';
import {
  presentCustomerBatchAccepted,
  presentCustomerBatchJob,
  presentLoanBatchAccepted,
  presentLoanBatchJob,
} from '../http/presenters/batches.js';
import { rateLimitHeaders } from '../http/rate-limit-headers.js';
import { companyContext } from './context.js';

const batchDeps = (env: RequestEnv): BatchDeps => ({ queue: env.services.queue, options: env.services.config.jobs });

export const createCustomerBatch: OperationHandler<'createCustomerBatch'> = async (c, env) => {
  const body = c.request.requestBody;
  if (body.scheduleMode === 'enroll') return createEnrollmentBatch(c, env);
  const submitted = await submitCustomerBatch(companyContext(env), batchDeps(env), body);
  return {
    status: 202,
    headers: rateLimitHeaders(submitted.rateWindow),
    body: presentCustomerBatchAccepted(submitted, `/customers/batch/${submitted.jobId}`),
  };
};

/** Enrollment mode: the 202 (with Location) is stored under the header key and replayed as it was. */
async function createEnrollmentBatch(
  c: OperationContext<'createCustomerBatch'>,
  env: RequestEnv,
): Promise<HandlerResult> {
  const { response, replayed, rateWindow } = await submitEnrollmentBatch(
    companyContext(env),
    batchDeps(env),
    { body: c.request.requestBody, idempotencyKey: c.request.headers['idempotency-key'] },
    (job) => {
      const path = `/customers/batch/${job.jobId}`;
      return {
        status: 202,
        headers: { Location: `${env.services.config.publicBaseUrl}${path}` },
        body: presentCustomerBatchAccepted(job, path),
      };
    },
  );
  const headers = {
    ...response.headers,
    ...rateLimitHeaders(rateWindow),
    ...(replayed ? { 'Idempotency-Replayed': 'true' } : {}),
  };
  return { status: response.status, headers, body: response.body };
}

export const getCustomerBatch: OperationHandler<'getCustomerBatch'> = async (c, env) => ({
  status: 200,
  body: presentCustomerBatchJob(await readBatchJob(companyContext(env), c.request.params.jobId, CUSTOMER_BATCH_KINDS)),
});

export const createLoanBatch: OperationHandler<'createLoanBatch'> = async (c, env) => {
  const submitted = await submitLoanBatch(companyContext(env), batchDeps(env), c.request.requestBody);
  return {
    status: 202,
    headers: rateLimitHeaders(submitted.rateWindow),
    body: presentLoanBatchAccepted(submitted),
  };
};

export const getLoanBatch: OperationHandler<'getLoanBatch'> = async (c, env) => ({
  status: 200,
  body: presentLoanBatchJob(await readBatchJob(companyContext(env), c.request.params.jobId, LOAN_BATCH_KINDS)),
});

export const listBatches: OperationHandler<'listBatches'> = async (c, env) => {
  const { limit, offset } = c.request.query;
  return { status: 200, body: await listBatchJobs(companyContext(env), { limit, offset }) };
};
