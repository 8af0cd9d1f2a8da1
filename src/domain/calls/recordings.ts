import { getCall, getCallUnscoped, setRecordingKey } from '../../store/calls/calls.js';
import { NotFoundError } from '../shared/errors.js';
import type { ProviderName } from '../ports/voice-provider.js';
import type { CallServices } from './call-services.js';
import { verifyRecordingLink } from './recording-links.js';

/** Queue of recording downloads (enqueued with the call_analyzed event that announced the recording). */
export const RECORDING_QUEUE = 'call-recordings';
/** How a recording download is enqueued (both appliers of callbacks). */
export const RECORDING_JOB = { maxAttempts: 5, retryDelaySeconds: 2, timeoutSeconds: 60 } as const;

export interface RecordingMessage {
  companyId: string;
  callId: string;
}

/** Copies the provider's recording into the recording store, once (a redelivered message finds it stored). */
export async function storeRecording(s: CallServices, m: RecordingMessage): Promise<void> {
  const call = await getCall(s.db, m.companyId, m.callId);
  if (!call || call.recordingKey || !call.providerRecordingUrl) return;
  const provider = s.voice[call.provider as ProviderName];
  if (!provider) return;
  const { bytes, contentType } = await provider.fetchRecording(call.providerRecordingUrl);
  const key = `${call.id}${contentType.includes('wav') ? '.wav' : ''}`;
  await s.recordings.put(key, bytes, contentType);
  await setRecordingKey(s.db, m.companyId, call.id, key, s.now().toISOString());
}

/** The audio behind a signed recording link (the link is the authorization: no API key). */
export async function readRecording(
  s: CallServices,
  callId: string,
  expires: string | undefined,
  signature: string | undefined,
): Promise<{ bytes: Buffer; contentType: string }> {
  verifyRecordingLink(s.settings.signingSecret, callId, expires, signature, new Date());
  const call = await getCallUnscoped(s.db, callId);
  const stored = call?.recordingKey ? await s.recordings.get(call.recordingKey) : null;
  if (!stored) throw new NotFoundError(`No recording for call ${callId}`);
  return stored;
}
