import {
  clearRecordingKey,
  getCall,
  getCallUnscoped,
  listExpiredRecordings,
  setRecordingKey,
} from '../../store/calls/calls.js';
import type { Db } from '../../store/shared/db.js';
import type { RecordingStore } from '../ports/recording-store.js';
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

/**
 * 12 CFR 1006.100(b): a recorded call is kept three years after the call. The retention sweep tells
 * the recording store to delete each recording made before `before` (never a later one), then forgets
 * its key; the store first, so a sweep stopped between the two deletes it again (a no-op) next time.
 * Pages of 100. Returns how many recordings were deleted.
 */
export async function expireRecordings(db: Db, store: RecordingStore, before: string): Promise<number> {
  let total = 0;
  for (;;) {
    const page = await listExpiredRecordings(db, before, 100);
    for (const r of page) {
      await store.delete(r.recordingKey);
      await clearRecordingKey(db, r.companyId, r.id, r.recordingKey);
    }
    total += page.length;
    if (page.length < 100) return total;
  }
}
