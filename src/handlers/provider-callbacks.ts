import { readRecording } from '../domain/calls/recordings.js';
import { receiveVoiceCallback as receive } from '../domain/calls/voice-callbacks.js';
import type { OperationHandler } from '../http/handler-types.js';
import { providerAlerts } from '../domain/calls/refusals.js';
import { transferResults } from '../domain/calls/call-transfers.js';
import { presentProviderAlerts } from '../http/presenters/provider-alerts.js';
import { companyContext } from './context.js';

/** Authenticated by its signature over the raw body (kept by the JSON parser), not by X-API-Key. */
export const receiveVoiceCallback: OperationHandler<'receiveVoiceCallback'> = async (c, env) => {
  // Node joins a repeated header into one value; only Set-Cookie stays a list, and a callback sends none.
  const headers = Object.fromEntries(
    Object.entries(c.request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );
  const result = await receive(env.services.calls, c.request.params.provider, env.rawBody ?? Buffer.alloc(0), headers);
  return { status: 202, body: result };
};

/** The signed link is the authorization. */
export const getRecording: OperationHandler<'getRecording'> = async (c, env) => {
  const { expires, signature } = c.request.query;
  const { bytes, contentType } = await readRecording(env.services.calls, c.request.params.id, expires, signature);
  return {
    status: 200,
    body: bytes,
    headers: { 'Content-Type': contentType, 'Cache-Control': 'private, max-age=3600' },
  };
};

/** The company's voice account alerts (the console's banner reads it). */
export const listProviderAlerts: OperationHandler<'listProviderAlerts'> = async (_c, env) => {
  const ctx = companyContext(env);
  return { status: 200, body: presentProviderAlerts(await providerAlerts(ctx.db, ctx.companyId)) };
};

/** Transfers per destination in a period (the console's Today page). */
export const getTransferResults: OperationHandler<'getTransferResults'> = async (c, env) => {
  const ctx = companyContext(env);
  const from = new Date(c.request.query.from);
  const to = new Date(c.request.query.to);
  const data = await transferResults(ctx.db, ctx.companyId, from, to);
  return { status: 200, body: { from: from.toISOString(), to: to.toISOString(), data } };
};
