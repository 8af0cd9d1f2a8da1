import { insertReceipts, type InboxReceipt, receivedEventIds } from '../../store/calls/callback-inbox.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import type { ProviderName, VoiceEvent } from '../ports/voice-provider.js';
import type { CallServices } from './call-services.js';

/** Woken after a group of receipts commits, so this process's applier takes them at once. */
export const CALLBACK_INBOX_SIGNAL = 'callback-inbox';

/** At most this many receipts per grouped insert (one JSON parameter). */
const GROUP_MAX = 500;

interface Waiting {
  receipt: InboxReceipt;
  resolve: () => void;
  reject: (err: Error) => void;
}

interface Group {
  waiting: Waiting[];
  writing: boolean;
}

const groups = new WeakMap<CallServices, Group>();

/**
 * Records an authenticated event durably in the callback inbox. Concurrent receipts of this process
 * are grouped: while one grouped insert is in flight the next ones gather, and go in ONE statement
 * as soon as it commits (group commit), so each caller resolves after its own row's durable commit.
 * NotFoundError when the call is not one this provider connection placed; ConflictError when the
 * event id was already received.
 */
export function recordReceipt(s: CallServices, provider: ProviderName, event: VoiceEvent): Promise<void> {
  const group = groups.get(s) ?? { waiting: [], writing: false };
  groups.set(s, group);
  const receipt: InboxReceipt = {
    provider,
    eventId: event.eventId,
    scheduledCallId: event.scheduledCallId,
    providerCallId: event.providerCallId,
    event: JSON.stringify(event),
  };
  const done = new Promise<void>((resolve, reject) => group.waiting.push({ receipt, resolve, reject }));
  // The first receipt of a quiet moment waits one turn of the event loop for the requests already read.
  if (!group.writing && group.waiting.length === 1) setImmediate(() => void flush(s, group));
  return done;
}

async function flush(s: CallServices, group: Group): Promise<void> {
  if (group.writing || group.waiting.length === 0) return;
  group.writing = true;
  const batch = group.waiting.splice(0, GROUP_MAX);
  try {
    const accepted = await insertReceipts(
      s.db,
      batch.map((w) => w.receipt),
      s.now().toISOString(),
    );
    const rejected: Waiting[] = [];
    for (const w of batch) {
      if (accepted.delete(`${w.receipt.provider} ${w.receipt.eventId}`)) w.resolve();
      else rejected.push(w);
    }
    if (rejected.length < batch.length) s.queue.wake(CALLBACK_INBOX_SIGNAL);
    await settleRejected(s, rejected);
  } catch (err) {
    for (const w of batch) w.reject(err as Error);
  } finally {
    group.writing = false;
    if (group.waiting.length) void flush(s, group);
  }
}

/** A row not inserted was a replay (its id is in the inbox) or a call this connection did not place. */
async function settleRejected(s: CallServices, rejected: Waiting[]): Promise<void> {
  const byProvider = new Map<string, Waiting[]>();
  for (const w of rejected) byProvider.set(w.receipt.provider, [...(byProvider.get(w.receipt.provider) ?? []), w]);
  for (const [provider, ws] of byProvider) {
    const seen = await receivedEventIds(
      s.db,
      provider,
      ws.map((w) => w.receipt.eventId),
    );
    for (const w of ws) {
      // A known id naming another call is an unknown call first (as before the inbox: 404 over 409).
      if (seen.get(w.receipt.eventId) === w.receipt.scheduledCallId)
        w.reject(new ConflictError(`Event ${w.receipt.eventId} was already processed`, 'duplicate_event'));
      else w.reject(new NotFoundError(`Unknown call ${w.receipt.providerCallId}`));
    }
  }
}
