import { readRecording } from '../domain/calls/recordings.js';
import { receiveVoiceCallback as receive } from '../domain/calls/voice-callbacks.js';
import type { OperationHandler, PathParams } from '../http/handler-types.js';

/** Authenticated by its signature over the raw body (kept by the JSON parser), not by X-API-Key. */
export const receiveVoiceCallback: OperationHandler = async (c, env) => {
  const { provider } = c.request.params as PathParams<'receiveVoiceCallback'>;
  const headers = c.request.headers as Record<string, string | undefined>;
  const result = await receive(env.services.calls, provider, env.rawBody ?? Buffer.alloc(0), headers);
  return { status: 202, body: result };
};

/** The signed link is the authorization. */
export const getRecording: OperationHandler = async (c, env) => {
  const { id } = c.request.params as PathParams<'getRecording'>;
  const query = c.request.query as Record<string, string | undefined>;
  const { bytes, contentType } = await readRecording(env.services.calls, id, query.expires, query.signature);
  return {
    status: 200,
    body: bytes,
    headers: { 'Content-Type': contentType, 'Cache-Control': 'private, max-age=3600' },
  };
};
