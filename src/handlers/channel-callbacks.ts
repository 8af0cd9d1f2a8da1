import { optOutEmail } from '../domain/messages/email-opt-out.js';
import { receiveInboundSms as inbound, recordSmsStatus } from '../domain/messages/sms-events.js';
import { smsSigners } from '../domain/messages/sms-signers.js';
import { UnauthorizedError } from '../domain/shared/errors.js';
import type { HandlerResult, OperationContext, OperationHandler, RequestEnv } from '../http/handler-types.js';

type SmsCallback = OperationContext<'receiveSmsStatus'> | OperationContext<'receiveInboundSms'>;

/**
 * Requests from the SMS provider carry X-Twilio-Signature over the URL it called (our public base
 * URL + path) and the form parameters, checked by the adapter with `twilio.validateRequest`. Either
 * route's provider may have signed it (a test customer's text went through the sandbox simulator),
 * or, when the request names its company (`?company=`), that company's own account.
 * A request no provider signed is an authentication failure: 401, like every other one.
 */
async function verifiedParams(c: SmsCallback, env: RequestEnv): Promise<Record<string, string>> {
  // Every parameter received is signed, not only the ones the contract names.
  const params = Object.fromEntries(Object.entries(c.request.requestBody).map(([k, v]) => [k, String(v)]));
  const header = c.request.headers['x-twilio-signature'];
  const signature = Array.isArray(header) ? header[0] : header;
  const query = new URLSearchParams(
    Object.entries(c.request.query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  const url = `${env.services.config.publicBaseUrl}${c.request.path}${query ? `?${query}` : ''}`;
  const providers = await smsSigners(env.services.db, env.services.channels, c.request.query.company);
  if (!providers.some((p) => p.verifyCallback(url, params, signature)))
    throw new UnauthorizedError('Invalid X-Twilio-Signature');
  return params;
}

export const receiveSmsStatus: OperationHandler<'receiveSmsStatus'> = async (c, env) => {
  await recordSmsStatus(env.services.db, await verifiedParams(c, env), env.services.now());
  return { status: 204 };
};

export const receiveInboundSms: OperationHandler<'receiveInboundSms'> = async (c, env) => {
  await inbound(env.services.db, await verifiedParams(c, env), env.services.now());
  return { status: 204 };
};

/** The link in the mail and the RFC 8058 one-click POST opt out the same way. */
async function unsubscribe(token: string, env: RequestEnv): Promise<HandlerResult> {
  const secret = env.services.channels?.signingSecret ?? env.services.config.calls.signingSecret;
  const { address } = await optOutEmail(env.services.db, secret, token, env.services.now());
  return { status: 200, body: { status: 'unsubscribed', address } };
}

export const unsubscribeEmail: OperationHandler<'unsubscribeEmail'> = (c, env) =>
  unsubscribe(c.request.params.token, env);
export const unsubscribeEmailOneClick: OperationHandler<'unsubscribeEmailOneClick'> = (c, env) =>
  unsubscribe(c.request.params.token, env);
