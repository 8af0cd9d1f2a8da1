import { RND_DATA_FROM, type RndWireResult } from '../../adapters/rnd/protocol.js';

/**
 * Sandbox numbers (last 7 digits, any area code) that choose the RND simulator's answer, in the
 * 555-0140…0149 range (src/simulators/magic-numbers.ts). `disconnectedOn`: the number's permanent
 * disconnection date, answered `yes` for a query date on or before it (DA 21-1649: "yes" when the
 * date provided is the same as or before the permanent disconnect date). Every other number was
 * never disconnected: `no`, or `no_data` for a date before the database's data (RND_DATA_FROM).
 */
export interface RndOutcome {
  meaning: string;
  disconnectedOn?: string;
  /** Always this answer, whatever the date. */
  answer?: RndWireResult;
  /** The simulator answers this HTTP status instead (the database is unavailable). */
  status?: number;
}

export const RND_MAGIC_NUMBERS: Record<string, RndOutcome> = {
  '5550140': { meaning: 'reassigned: yes for every date', answer: 'yes' },
  '5550141': { meaning: 'never disconnected: no for every date', answer: 'no' },
  '5550142': { meaning: 'no data for every date', answer: 'no_data' },
  '5550143': {
    meaning: 'disconnected 2026-06-01: yes for a consent date on or before it, no after it',
    disconnectedOn: '2026-06-01',
  },
  '5550144': { meaning: 'the database is unavailable (503)', status: 503 },
};

export function rndOutcomeFor(tn: string): RndOutcome | undefined {
  return RND_MAGIC_NUMBERS[tn.replace(/\D/g, '').slice(-7)];
}

/** The simulator's answer for a 10-digit number and an ISO date. */
export function rndAnswerFor(tn: string, date: string): RndWireResult {
  const outcome = rndOutcomeFor(tn);
  if (outcome?.answer) return outcome.answer;
  if (outcome?.disconnectedOn && date <= outcome.disconnectedOn) return 'yes';
  return date < RND_DATA_FROM ? 'no_data' : 'no';
}
