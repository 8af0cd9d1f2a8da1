import { createHmac, timingSafeEqual } from 'node:crypto';
import { ForbiddenError } from '../shared/errors.js';

/** How long a handed-out recording link works (interface specification: one hour). */
export const RECORDING_LINK_SECONDS = 3600;

/**
 * A fresh link to the service's recording endpoint, signed with OUTREACH_SIGNING_SECRET:
 * HMAC-SHA256 over the call id and the expiry. Expiry is wall-clock time (link freshness, not the
 * business clock), so every API process agrees on it.
 */
export function recordingLink(baseUrl: string, secret: string, callId: string, wallNow: Date): string {
  const expires = Math.floor(wallNow.getTime() / 1000) + RECORDING_LINK_SECONDS;
  return `${baseUrl}/recordings/${encodeURIComponent(callId)}?expires=${expires}&signature=${sign(secret, callId, expires)}`;
}

/** Throws ForbiddenError unless the link is unaltered and unexpired. */
export function verifyRecordingLink(
  secret: string,
  callId: string,
  expires: string | undefined,
  signature: string | undefined,
  wallNow: Date,
): void {
  const at = Number(expires);
  if (!Number.isInteger(at) || !signature || !/^[0-9a-f]{64}$/.test(signature))
    throw new ForbiddenError('Recording link is incomplete');
  const expected = Buffer.from(sign(secret, callId, at), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    throw new ForbiddenError('Recording link signature is invalid');
  if (at * 1000 < wallNow.getTime())
    throw new ForbiddenError('Recording link has expired; read the call again for a fresh link');
}

function sign(secret: string, callId: string, expires: number): string {
  return createHmac('sha256', secret).update(`recording:${callId}:${expires}`).digest('hex');
}
