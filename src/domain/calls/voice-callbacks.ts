import { InvalidInputError, NotFoundError, UnauthorizedError, UnavailableError } from '../shared/errors.js';
import {
  CallbackRejectedError,
  type IgnoredEvent,
  type ProviderName,
  type VoiceEvent,
} from '../ports/voice-provider.js';
import { type CallServices, connectionOf } from './call-services.js';
import { recordReceipt } from './callback-receipts.js';
import { noteSignatureFailure } from './refusals.js';
import { findCompany } from '../shared/company-config.js';

/** The id the delivery is known by, or, for an event the service does not use, which one was ignored. */
export type CallbackReceipt = { eventId: string } | { ignored: string };

/**
 * Receives one provider callback. Rejected (and nothing written) when the signature or its
 * timestamp is wrong (401), the body unreadable (400), the call unknown to this provider (404), or
 * the same delivery already received (409). An authenticated event the service does not use is
 * acknowledged and nothing is recorded. Otherwise the event is recorded durably in the callback
 * inbox (grouped with concurrent receipts, callback-receipts.ts) and resolves once committed; the
 * inbox applier (callback-inbox.ts) applies it shortly after, set-based (callback-batch.ts).
 */
export async function receiveVoiceCallback(
  s: CallServices,
  providerName: string,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): Promise<CallbackReceipt> {
  const gate = gates.get(s) ?? { running: 0, waiting: [] };
  gates.set(s, gate);
  if (gate.running >= s.settings.maxCallbacksInFlight) {
    // A burst waits its turn in memory (cheap) rather than being answered 503 (a retry costs the
    // provider and us a whole request again); only beyond the queue is the load shed.
    if (gate.waiting.length >= s.settings.maxCallbacksInFlight * QUEUED_PER_SLOT)
      throw new UnavailableError('Too many callbacks in progress; retry shortly', 1);
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
  } else {
    gate.running++;
  }
  try {
    return await receive(s, providerName, rawBody, headers);
  } finally {
    const next = gate.waiting.shift();
    if (next)
      next(); // the slot passes straight to the next waiter
    else gate.running--;
  }
}

/** The company a delivery says it is for (`call.metadata.company_id`), read before it is authenticated. */
function claimedCompany(rawBody: Buffer): string | null {
  try {
    const id = (JSON.parse(rawBody.toString('utf8')) as { call?: { metadata?: { company_id?: unknown } } })?.call
      ?.metadata?.company_id;
    return typeof id === 'string' && id.length <= 64 ? id : null;
  } catch {
    return null;
  }
}

/** Callbacks waiting for a slot, per slot, before more are answered 503. */
const QUEUED_PER_SLOT = 8;

/** Callbacks being processed, and those waiting for a slot, per process (per set of call services). */
const gates = new WeakMap<CallServices, { running: number; waiting: Array<() => void> }>();

async function receive(
  s: CallServices,
  providerName: string,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): Promise<CallbackReceipt> {
  if (!Object.hasOwn(s.voice, providerName)) throw new NotFoundError(`No voice provider ${providerName}`);
  // A company with its own provider account signs with its own key: the delivery names the company
  // (metadata), and it is verified with that company's key, so naming another company only fails.
  const companyId = claimedCompany(rawBody);
  const provider = companyId
    ? await connectionOf(s, providerName as ProviderName, companyId)
    : s.voice[providerName as ProviderName];
  let event: VoiceEvent | IgnoredEvent;
  try {
    event = await provider.readCallback(rawBody, headers);
  } catch (err) {
    if (!(err instanceof CallbackRejectedError)) throw err;
    if (err.reason === 'signature' && companyId)
      await noteSignatureFailure(s, providerName, companyId, (await findCompany(s.db, companyId)) !== null);
    throw err.reason === 'malformed'
      ? new InvalidInputError(err.message)
      : new UnauthorizedError(`Callback rejected: ${err.message}`);
  }
  if ('ignored' in event) return { ignored: event.ignored };
  await recordReceipt(s, provider.name, event);
  return { eventId: event.eventId };
}
