import { cancelCommunications } from '../domain/customers/cancel-communications.js';
import { changeCustomer, readCustomer, saveCustomer } from '../domain/customers/records.js';
import { deprecationHeaders } from '../http/deprecation-headers.js';
import type { OperationHandler, PathParams, RequestBody } from '../http/handler-types.js';
import { companyContext } from './context.js';
import { presentCustomer } from './presenters.js';

export const createCustomer: OperationHandler = async (c, env) => {
  const body = c.request.requestBody as RequestBody<'createCustomer'>;
  const { customer, created, deprecated } = await saveCustomer(companyContext(env), body);
  return { status: created ? 201 : 200, body: presentCustomer(customer), headers: deprecationHeaders(deprecated) };
};

export const getCustomer: OperationHandler = async (c, env) => {
  const { id } = c.request.params as PathParams<'getCustomer'>;
  return { status: 200, body: presentCustomer(await readCustomer(companyContext(env), id)) };
};

export const updateCustomer: OperationHandler = async (c, env) => {
  const { id } = c.request.params as PathParams<'updateCustomer'>;
  const body = c.request.requestBody as RequestBody<'updateCustomer'>;
  return { status: 200, body: presentCustomer(await changeCustomer(companyContext(env), id, body)) };
};

export const cancelCustomerCommunications: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'cancelCustomerCommunications'>;
  const body = c.request.requestBody as RequestBody<'cancelCustomerCommunications'> | undefined;
  return { status: 200, body: await cancelCommunications(companyContext(env), customerId, body?.reason) };
};
