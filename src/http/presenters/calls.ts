import { recordingLink } from '../../domain/calls/recording-links.js';
import type { ResponseBody } from '../handler-types.js';
import type { CallRow } from '../../domain/calls/calls.js';

type CallBody = ResponseBody<'getCall', 200>;

/** Where signed recording links point, and the secret that signs them. */
export interface RecordingLinkSettings {
  publicBaseUrl: string;
  signingSecret: string;
}

/** `recordingUrl` is a fresh one-hour signed link each time the call is read, null until a recording is stored. */
export function presentCall(settings: RecordingLinkSettings, call: CallRow): CallBody {
  return {
    id: call.id,
    customerId: call.customerId,
    toPhoneNumber: call.toPhoneNumber,
    fromPhoneNumber: call.fromPhoneNumber,
    transcript: call.transcript,
    recordingUrl: call.recordingKey
      ? recordingLink(settings.publicBaseUrl, settings.signingSecret, call.id, new Date())
      : null,
    timestamp: call.timestamp,
    flags: call.flags,
    summarization: call.summarization,
  };
}
