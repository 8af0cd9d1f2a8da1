import { InvalidInputError, NotFoundError, UnauthorizedError, UnavailableError } from '../shared/errors.js';
import {
  CallbackRejectedError,
  type IgnoredEvent,
  type ProviderName,
  type TransferEvent,
  type VoiceEvent,
} from '../ports/voice-provider.js';
import { type CallServices, connectionOf } from './call-services.js';
import { recordReceipt } from './callback-receipts.js';
import { recordTransfer } from './call-transfers.js';
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
  const gate = gates.get(s) ?? { running: 0, waiting: [], bytes: 0 };
  gates.set(s, gate);
  // A 503 spends one of the sender's 3 retries (Retell: docs/operators/voice-provider.md#webhooks-from-retell)
  // and stores nothing, while a callback that waits is stored even if its sender gave up on the
  // answer (its retry then finds it). So a callback waits, however many arrive and however slow the
  // inbox, and is refused only when the callbacks received and not yet answered pass the memory cap.
  const bytesMax = s.settings.callbackBytesMax ?? CALLBACK_BYTES_MAX;
  if (gate.bytes + rawBody.length > bytesMax)
    throw new UnavailableError('Too many callbacks waiting; retry shortly', 1);
  gate.bytes += rawBody.length;
  try {
    if (gate.running >= s.settings.maxCallbacksInFlight)
      await new Promise<void>((resolve) => gate.waiting.push(resolve));
    else gate.running++;
    let read: { receipt: CallbackReceipt; durable: Promise<void> };
    try {
      read = await receive(s, providerName, rawBody, headers);
    } finally {
      const next = gate.waiting.shift();
      if (next)
        next(); // the slot passes straight to the next waiter
      else gate.running--;
    }
    // The slot is held only while the callback is read and verified; its row then commits with the
    // inbox's next grouped insert, which takes every receipt waiting (callback-receipts.ts).
    await read.durable;
    return read.receipt;
  } finally {
    gate.bytes -= rawBody.length;
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

/**
 * The most callback bytes received and not yet answered per process (64 MiB): past it a callback is
 * answered 503. The only load the receipt sheds: it is one grouped insert per turn of the inbox.
 */
export const CALLBACK_BYTES_MAX = 64 * 1024 * 1024;

interface Gate {
  running: number;
  waiting: Array<() => void>;
  /** Bytes of the callbacks received and not yet answered. */
  bytes: number;
}

/** Callbacks being processed, and those waiting for a slot, per process (per set of call services). */
const gates = new WeakMap<CallServices, Gate>();

/** Reads and authenticates a callback and starts writing its row: `durable` resolves once it committed. */
async function receive(
  s: CallServices,
  providerName: string,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): Promise<{ receipt: CallbackReceipt; durable: Promise<void> }> {
  if (!Object.hasOwn(s.voice, providerName)) throw new NotFoundError(`No voice provider ${providerName}`);
  // A company with its own provider account signs with its own key: the delivery names the company
  // (metadata), and it is verified with that company's key, so naming another company only fails.
  const companyId = claimedCompany(rawBody);
  const provider = companyId
    ? await connectionOf(s, providerName as ProviderName, companyId)
    : s.voice[providerName as ProviderName];
  let event: VoiceEvent | TransferEvent | IgnoredEvent;
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
  if ('ignored' in event) return { receipt: { ignored: event.ignored }, durable: Promise.resolve() };
  const durable =
    'transfer' in event ? recordTransfer(s, provider.name, event) : recordReceipt(s, provider.name, event);
  durable.catch(() => undefined); // awaited by the caller once the slot is free
  return { receipt: { eventId: event.eventId }, durable };
}
