import {
  captureAuthorization,
  addPaymentMethod,
  readPaymentMethods,
  updateAuthorization,
} from '../domain/ach/payment-methods.js';
import type { OperationHandler, PathParams, RequestBody } from '../http/handler-types.js';
import { companyContext } from './context.js';
import { presentPaymentMethod } from './payment-presenters.js';

export const createPaymentMethod: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'createPaymentMethod'>;
  const body = c.request.requestBody as RequestBody<'createPaymentMethod'>;
  return { status: 201, body: presentPaymentMethod(await addPaymentMethod(companyContext(env), customerId, body)) };
};

export const listPaymentMethods: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'listPaymentMethods'>;
  return { status: 200, body: (await readPaymentMethods(companyContext(env), customerId)).map(presentPaymentMethod) };
};

export const createAchAuthorization: OperationHandler = async (c, env) => {
  const { customerId, paymentMethodId } = c.request.params as PathParams<'createAchAuthorization'>;
  const body = c.request.requestBody as RequestBody<'createAchAuthorization'>;
  return {
    status: 201,
    body: presentPaymentMethod(await captureAuthorization(companyContext(env), customerId, paymentMethodId, body)),
  };
};

export const updateAchAuthorization: OperationHandler = async (c, env) => {
  const { customerId, paymentMethodId } = c.request.params as PathParams<'updateAchAuthorization'>;
  const body = c.request.requestBody as RequestBody<'updateAchAuthorization'>;
  const { revoked } = await updateAuthorization(
    companyContext(env),
    customerId,
    paymentMethodId,
    body.revokeAuthorization,
  );
  return { status: 200, body: { customerId, paymentMethodId, revokeAuthorization: revoked } };
};
