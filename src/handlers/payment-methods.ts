import {
  captureAuthorization,
  addPaymentMethod,
  readPaymentMethods,
  updateAuthorization,
} from '../domain/ach/payment-methods.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentPaymentMethod } from '../http/presenters/ach.js';
import { companyContext } from './context.js';

export const createPaymentMethod: OperationHandler<'createPaymentMethod'> = async (c, env) => ({
  status: 201,
  body: presentPaymentMethod(
    await addPaymentMethod(companyContext(env), c.request.params.customerId, c.request.requestBody),
  ),
});

export const listPaymentMethods: OperationHandler<'listPaymentMethods'> = async (c, env) => ({
  status: 200,
  body: (await readPaymentMethods(companyContext(env), c.request.params.customerId)).map(presentPaymentMethod),
});

export const createAchAuthorization: OperationHandler<'createAchAuthorization'> = async (c, env) => {
  const { customerId, paymentMethodId } = c.request.params;
  return {
    status: 201,
    body: presentPaymentMethod(
      await captureAuthorization(companyContext(env), customerId, paymentMethodId, c.request.requestBody),
    ),
  };
};

export const updateAchAuthorization: OperationHandler<'updateAchAuthorization'> = async (c, env) => {
  const { customerId, paymentMethodId } = c.request.params;
  const { revoked } = await updateAuthorization(
    companyContext(env),
    customerId,
    paymentMethodId,
    c.request.requestBody.revokeAuthorization,
  );
  return { status: 200, body: { customerId, paymentMethodId, revokeAuthorization: revoked } };
};
