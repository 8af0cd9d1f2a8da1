import type { Context } from 'openapi-backend';
import {
  CUSTOMER_BATCH_KINDS,
  LOAN_BATCH_KINDS,
  listBatches as listBatchJobs,
  readBatchJob,
} from '../domain/batches/read.js';
import { submitEnrollmentBatch } from '../domain/batches/submit-enrollment.js';
import { type BatchDeps, submitCustomerBatch, submitLoanBatch } from '../domain/batches/submit.js';
import type {
  HandlerResult,
  OperationHandler,
  PathParams,
  QueryParams,
  RequestBody,
  RequestEnv,
} from '../http/handler-types.js';
import { rateLimitHeaders } from '../http/rate-limit-headers.js';
import { acceptedMessage, presentCustomerBatchJob, presentLoanBatchJob } from './batch-presenters.js';
import { companyContext } from './context.js';

const batchDeps = (env: RequestEnv): BatchDeps => ({ queue: env.services.queue, options: env.services.config.jobs });

export const createCustomerBatch: OperationHandler = async (c, env) => {
  const body = c.request.requestBody as RequestBody<'createCustomerBatch'>;
  if (body.scheduleMode === 'enroll') return createEnrollmentBatch(c, env, body);
  const { jobId, total, slices, rateWindow } = await submitCustomerBatch(companyContext(env), batchDeps(env), body);
  return {
    status: 202,
    headers: rateLimitHeaders(rateWindow),
    body: { jobId, totalCustomers: total, message: acceptedMessage(slices, `/customers/batch/${jobId}`) },
  };
};

/** Enrollment mode: the 202 (with Location) is stored under the header key and replayed as it was. */
async function createEnrollmentBatch(
  c: Context,
  env: RequestEnv,
  body: RequestBody<'createCustomerBatch'>,
): Promise<HandlerResult> {
  const { response, replayed, rateWindow } = await submitEnrollmentBatch(
    companyContext(env),
    batchDeps(env),
    { body, idempotencyKey: c.request.headers['idempotency-key'] },
    ({ jobId, total, slices }) => {
      const path = `/customers/batch/${jobId}`;
      return {
        status: 202,
        headers: { Location: `${env.services.config.publicBaseUrl}${path}` },
        body: { jobId, totalCustomers: total, message: acceptedMessage(slices, path) },
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

export const getCustomerBatch: OperationHandler = async (c, env) => {
  const { jobId } = c.request.params as PathParams<'getCustomerBatch'>;
  return {
    status: 200,
    body: presentCustomerBatchJob(await readBatchJob(companyContext(env), jobId, CUSTOMER_BATCH_KINDS)),
  };
};

export const createLoanBatch: OperationHandler = async (c, env) => {
  const body = c.request.requestBody as RequestBody<'createLoanBatch'>;
  const { jobId, total, slices, rateWindow } = await submitLoanBatch(companyContext(env), batchDeps(env), body);
  return {
    status: 202,
    headers: rateLimitHeaders(rateWindow),
    body: { jobId, totalLoans: total, message: acceptedMessage(slices, `/loans/batch/${jobId}`) },
  };
};

export const getLoanBatch: OperationHandler = async (c, env) => {
  const { jobId } = c.request.params as PathParams<'getLoanBatch'>;
  return { status: 200, body: presentLoanBatchJob(await readBatchJob(companyContext(env), jobId, LOAN_BATCH_KINDS)) };
};

export const listBatches: OperationHandler = async (c, env) => {
  const query = c.request.query as Record<keyof QueryParams<'listBatches'>, string | undefined>;
  const page = {
    limit: query.limit === undefined ? undefined : Number(query.limit),
    offset: query.offset === undefined ? undefined : Number(query.offset),
  };
  return { status: 200, body: await listBatchJobs(companyContext(env), page) };
};
