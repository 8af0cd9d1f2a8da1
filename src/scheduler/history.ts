import { instantMs } from './instants.js';
import { canonicalPhone } from './phones.js';
import { CONVERSATION_FLAGS } from './rules/catalog.js';
import type { AttemptPoint } from './rules/rule.js';
import type { ContactAttempt, Purpose, RestrictionKind } from './types.js';
import { isoFromMs } from './zone-clock.js';

/** Outcome flags that are themselves a contact restriction for the customer. */
export const RESTRICTING_FLAGS: Readonly<Record<string, RestrictionKind>> = {
  DNC: 'do_not_call',
  ATTORNEY_REP: 'attorney_representation',
  BANKRUPTCY: 'bankruptcy',
  DECEASED: 'deceased',
};

export interface FlaggedRestriction {
  kind: RestrictionKind;
  flag: string;
  at: string;
}

export interface NormalizedHistory {
  /** Ascending by time. */
  readonly points: AttemptPoint[];
  /** Number → why it is unusable (a WRONG_NUMBER outcome). */
  readonly wrongNumbers: Map<string, string>;
  readonly flaggedRestrictions: FlaggedRestriction[];
  /** Number of the most recent attempt that has one. */
  readonly lastPhone: string | undefined;
}

/** Reads contact history once into what the rules, phones and restrictions need. */
export function normalizeHistory(
  history: readonly ContactAttempt[] | undefined,
  purposeOf: (taskType: string) => Purpose | undefined,
): NormalizedHistory {
  const points: AttemptPoint[] = [];
  const wrongNumbers = new Map<string, string>();
  const flaggedRestrictions: FlaggedRestriction[] = [];
  let lastPhone: string | undefined;
  let lastPhoneAt = Number.NEGATIVE_INFINITY;
  if (!history) return { points, wrongNumbers, flaggedRestrictions, lastPhone };

  for (let i = 0; i < history.length; i++) {
    const attempt = history[i];
    const atMs = instantMs(attempt.at, `history[${i}].at`);
    const flags = attempt.flags ?? [];
    const isCall = (attempt.channel ?? 'call') === 'call';
    const inbound = attempt.direction === 'inbound';
    // Only outbound calls choose numbers and carry outcome flags; a text or email only counts toward caps.
    const phone = isCall && !inbound ? canonicalPhone(attempt.phoneNumber) : undefined;
    const purpose = attempt.purpose ?? (attempt.taskType ? purposeOf(attempt.taskType) : undefined);
    points.push({
      atMs,
      loanId: attempt.loanId ?? undefined,
      purpose: purpose ?? undefined,
      conversation:
        flags.some((flag) => CONVERSATION_FLAGS.includes(flag)) || (isCall && attempt.conversation === true),
      planned: false,
      channel: attempt.channel ?? 'call',
      ...(inbound ? { inbound: true } : {}),
      requested: attempt.requested === true,
    });
    if (phone !== undefined && atMs >= lastPhoneAt) {
      lastPhone = phone;
      lastPhoneAt = atMs;
    }
    for (const flag of flags) {
      if (flag === 'WRONG_NUMBER' && phone !== undefined) {
        wrongNumbers.set(phone, `WRONG_NUMBER outcome at ${isoFromMs(atMs)}`);
      }
      const kind = RESTRICTING_FLAGS[flag];
      if (kind !== undefined) flaggedRestrictions.push({ kind, flag, at: isoFromMs(atMs) });
    }
  }
  points.sort((a, b) => a.atMs - b.atMs);
  return { points, wrongNumbers, flaggedRestrictions, lastPhone };
}

/** Inserts keeping ascending order (planned calls usually go last). */
export function insertPoint(points: AttemptPoint[], point: AttemptPoint): void {
  let i = points.length;
  while (i > 0 && points[i - 1].atMs > point.atMs) i--;
  points.splice(i, 0, point);
}
