/**
 * Scheduler benchmark: plans enrollments for 100,000 varied customers on one core and prints
 * plans per second. Inputs are generated up front with a fixed seed so runs are comparable.
 *
 *   npx tsx bench/scheduler.ts [customers]
 */
import { DateTime } from 'luxon';
import {
  DEFAULT_SCHEDULER_CONFIG,
  planEnrollment,
  type ContactAttempt,
  type EnrollmentPlanInput,
} from '../src/scheduler/index.js';

const COUNT = Number(process.argv[2] ?? 100_000);
const TARGET_PLANS_PER_SECOND = 50_000;

// Deterministic generator (mulberry32) so every run plans the same customers.
let seed = 0x5eed;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

const PLACES = [
  { timezone: 'America/New_York', state: 'NY', areas: ['212', '718', '917', '585'] },
  { timezone: 'America/New_York', state: 'FL', areas: ['305', '407', '813', '850'] },
  { timezone: 'America/Chicago', state: 'FL', areas: ['850', '448'] },
  { timezone: 'America/Chicago', state: 'TX', areas: ['214', '512', '713', '915'] },
  { timezone: 'America/Chicago', state: 'OK', areas: ['405', '918'] },
  { timezone: 'America/New_York', state: 'MD', areas: ['301', '410', '443'] },
  { timezone: 'America/New_York', state: 'MA', areas: ['617', '508', '978'] },
  { timezone: 'America/Denver', state: 'CO', areas: ['303', '720', '970'] },
  { timezone: 'America/Phoenix', state: 'AZ', areas: ['480', '602', '520'] },
  { timezone: 'America/Los_Angeles', state: 'CA', areas: ['213', '415', '619', '916'] },
  { timezone: 'America/Indiana/Indianapolis', state: 'IN', areas: ['317', '219'] },
  { timezone: 'America/Anchorage', state: 'AK', areas: ['907'] },
  { timezone: 'Pacific/Honolulu', state: 'HI', areas: ['808'] },
];
// Weighted outcomes: mostly unanswered, some conversations, rare wrong numbers.
const FLAGS = [
  ...Array.from({ length: 10 }, () => ['NO_ANSWER']),
  ...Array.from({ length: 6 }, () => ['VOICEMAIL', 'MESSAGE_LEFT']),
  ['RPC', 'LIVE_CONNECT'],
  ['RPC', 'LIVE_CONNECT'],
  ['CONNECT'],
  ['WRONG_NUMBER'],
];
const TASK_TYPES = ['PendingLoanNewLead', 'PendingLoanReturning', 'Collections'];

const phone = (area: string): string => `+1${area}${int(200, 999)}${String(int(0, 9999)).padStart(4, '0')}`;

function customerInput(i: number, nowMs: number): EnrollmentPlanInput {
  const place = pick(PLACES);
  // 20% of numbers come from another place, so zone disagreements are exercised.
  const area = () => (random() < 0.2 ? pick(pick(PLACES).areas) : pick(place.areas));
  const phoneNumber = phone(area());
  const mobilePhone = random() < 0.7 ? phone(area()) : undefined;
  const cell = random() < 0.2 ? phone(area()) : undefined;
  const loanId = `L${i}`;
  const history: ContactAttempt[] = [];
  for (let k = int(0, 8); k > 0; k--) {
    history.push({
      at: new Date(nowMs - int(1, 14 * 24 * 60) * 60_000).toISOString(),
      loanId: random() < 0.8 ? loanId : `L${i}-other`,
      phoneNumber: pick([phoneNumber, mobilePhone ?? phoneNumber]),
      taskType: pick(TASK_TYPES),
      flags: pick(FLAGS),
    });
  }
  const taskType = pick(TASK_TYPES);
  const returning = taskType === 'PendingLoanReturning';
  return {
    taskType,
    loanId,
    daysInApplied: int(0, 60),
    daysSincePaidOff: returning && random() < 0.7 ? int(0, 400) : undefined,
    oneOff: returning && random() < 0.15 ? true : undefined,
    customer: {
      id: `C${i}`,
      timezone: place.timezone,
      state: place.state,
      phoneNumber,
      mobilePhone,
      externalMetadata: cell ? { cell_phone: cell } : {},
      doNotCall: random() < 0.01,
    },
    history,
  };
}

// "now" values spread over a year, at every hour of the day, so windows, DST and holidays all occur.
const base = DateTime.fromISO('2026-01-01T00:00:00Z');
const nows = Array.from({ length: 997 }, (_, k) => base.plus({ minutes: k * 527 + 13 }));
const inputs = Array.from({ length: COUNT }, (_, i) => {
  const now = nows[i % nows.length];
  return { now, input: customerInput(i, now.toMillis()) };
});

let calls = 0;
let failed = 0;
const started = process.hrtime.bigint();
for (const { input, now } of inputs) {
  const result = planEnrollment(input, DEFAULT_SCHEDULER_CONFIG, now);
  if (result.ok) calls += result.calls.length;
  else failed++;
}
const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
const plansPerSecond = Math.round(COUNT / (totalMs / 1000));

console.log(`scheduler: ${COUNT} customers planned in ${totalMs.toFixed(1)} ms`);
console.log(
  `scheduler: ${plansPerSecond} plans/s (target ≥ ${TARGET_PLANS_PER_SECOND}), ${calls} calls planned, ${failed} plans refused`,
);
