import type { Context } from 'openapi-backend';
import { optOutEmail } from '../domain/messages/email-opt-out.js';
import { receiveInboundSms as inbound, recordSmsStatus } from '../domain/messages/sms-events.js';
import { smsSigners } from '../domain/messages/sms-signers.js';
import { UnauthorizedError } from '../domain/shared/errors.js';
import type { OperationHandler, RequestEnv } from '../http/handler-types.js';

/**
 * Requests from the SMS provider carry X-Twilio-Signature over the URL it called (our public base
 * URL + path) and the form parameters, checked by the adapter with `twilio.validateRequest`. Either
 * route's provider may have signed it (a test customer's text went through the sandbox simulator),
 * or, when the request names its company (`?company=`), that company's own account.
 * A request no provider signed is an authentication failure: 401, like every other one.
 */
async function verifiedParams(c: Context, env: RequestEnv): Promise<Record<string, string>> {
  const params = Object.fromEntries(
    Object.entries((c.request.requestBody ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
  const header = c.request.headers['x-twilio-signature'];
  const signature = Array.isArray(header) ? header[0] : header;
  const query = new URLSearchParams(c.request.query as Record<string, string>).toString();
  const url = `${env.services.config.publicBaseUrl}${c.request.path}${query ? `?${query}` : ''}`;
  const company = (c.request.query as Record<string, string | undefined>).company;
  const providers = await smsSigners(env.services.db, env.services.channels, company);
  if (!providers.some((p) => p.verifyCallback(url, params, signature)))
    throw new UnauthorizedError('Invalid X-Twilio-Signature');
  return params;
}

export const receiveSmsStatus: OperationHandler = async (c, env) => {
  await recordSmsStatus(env.services.db, await verifiedParams(c, env), env.services.now());
  return { status: 204 };
};

export const receiveInboundSms: OperationHandler = async (c, env) => {
  await inbound(env.services.db, await verifiedParams(c, env), env.services.now());
  return { status: 204 };
};

const unsubscribe: OperationHandler = async (c, env) => {
  const { token } = c.request.params as { token: string };
  const secret = env.services.channels?.signingSecret ?? env.services.config.calls.signingSecret;
  const { address } = await optOutEmail(env.services.db, secret, token, env.services.now());
  return { status: 200, body: { status: 'unsubscribed', address } };
};

export const unsubscribeEmail = unsubscribe;
export const unsubscribeEmailOneClick = unsubscribe;
