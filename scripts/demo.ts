// `npm run demo`: the way to see the product in one command (named at the top of the README).
// Starts the service on the embedded default (SQLite, a fresh ./data/demo.db) with the sandbox
// clock half a minute before 10:00 on the next business weekday in New York, creates a demo company
// and a console user, enrolls test customers on the voice simulator's magic numbers
// (docs/partners/sandbox.md), and prints the console's address and credentials. The calls go at
// 10:00, each with its magic number's outcome. Two collections borrowers on 555-0160 promise to pay
// $150 in three days: a payment keeps one promise (PUT /payments); for the other the promise sweep
// runs at the end of its window ("now" is its parameter) and breaks it, scheduling its follow-up call.
//
// DEMO_PORT picks the port (default 3000; 0 for any free one), DEMO_DATA_DIR the folder of the
// database and recordings (default ./data). DEMO_EXIT_AFTER_CALLS=1 exits 0 once every call has a
// result (1 after DEMO_TIMEOUT_MS, default 120000). test/main/demo.test.ts runs it on a free port.
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { loadConfig } from '../src/config/config.js';
import { createCompany } from '../src/domain/companies/companies.js';
import { createConsoleUser } from '../src/domain/console/users.js';
import { generatePassword } from '../src/domain/console/passwords.js';
import { runPromiseSweep } from '../src/domain/calls/promise-follow-ups.js';
import { startService } from '../src/main/server.js';
import { isFederalHoliday } from '../src/scheduler/holidays.js';

const PEOPLE = [
  ['demo-transfer', 'Ana', '(212) 555-0100', 'live conversation, transferred'],
  ['demo-voicemail', 'Ben', '(212) 555-0101', 'voicemail, message left'],
  ['demo-no-answer', 'Cho', '(212) 555-0102', 'no answer'],
  ['demo-wrong-number', 'Dev', '(212) 555-0103', 'wrong number'],
  ['demo-dnc', 'Eva', '(212) 555-0104', 'asks not to be called again (Do Not Call)'],
  ['demo-attorney', 'Fay', '(212) 555-0105', 'attorney representation'],
  ['demo-bankruptcy', 'Gus', '(212) 555-0106', 'bankruptcy'],
] as const;

/** Collections borrowers on the promise magic number (any area code): one keeps the promise, one breaks it. */
const PROMISERS = [
  ['demo-promise-kept', 'Hal', '(212) 555-0160', 'promises $150 in 3 days, then pays: promise kept'],
  [
    'demo-promise-broken',
    'Ivy',
    '(646) 555-0160',
    'promises $150 in 3 days, pays nothing: promise broken, follow-up call',
  ],
] as const;
const CALLS = PEOPLE.length + PROMISERS.length;

/** 09:59:30 New York time on the next weekday that is not a federal holiday. */
function demoClock(): string {
  let day = DateTime.now().setZone('America/New_York').startOf('day').plus({ days: 1 });
  while (day.weekday > 5 || isFederalHoliday(day.toISODate()!)) day = day.plus({ days: 1 });
  return day.set({ hour: 9, minute: 59, second: 30 }).toUTC().toISO()!;
}

const root = path.join(import.meta.dirname, '..');
const dbFile = path.join(process.env.DEMO_DATA_DIR ?? path.join(root, 'data'), 'demo.db');
fs.mkdirSync(path.dirname(dbFile), { recursive: true });
for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });

const clock = demoClock();
const config = loadConfig({
  ...process.env,
  DATABASE_URL: `sqlite:${dbFile}`,
  PORT: process.env.DEMO_PORT ?? '3000',
  HOST: '127.0.0.1',
  OUTREACH_CLOCK: clock,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const service = await startService(config, { migrate: true, workers: true, localChannelServers: true });
const now = new Date(clock);
const { companyId, apiKey } = await createCompany(service.db, 'Demo Lending', now);
const email = 'demo@example.com';
const password = generatePassword();
await createConsoleUser(service.db, companyId, { email, role: 'operator', password }, now);

for (const [id, firstName, phoneNumber] of PEOPLE) {
  const res = await fetch(`${service.url}/customers/schedule/sync`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': `demo-${id}` },
    body: JSON.stringify({
      scheduleMode: 'enroll',
      taskType: 'PendingLoanNewLead',
      id,
      loanId: `loan-${id}`,
      firstName,
      lastName: 'Demo',
      phoneNumber,
      timezone: 'America/New_York',
      isTest: true,
    }),
  });
  if (res.status !== 200) throw new Error(`enrolling ${id}: ${res.status} ${await res.text()}`);
}
for (const [id, firstName, phoneNumber] of PROMISERS) {
  const res = await fetch(`${service.url}/customers/schedule/sync`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      scheduleMode: 'replace',
      taskType: 'Collections',
      id,
      loanId: `loan-${id}`,
      firstName,
      lastName: 'Demo',
      phoneNumber,
      timezone: 'America/New_York',
      email: `${id}@example.com`,
      streetAddress1: '1 Demo Street',
      city: 'Albany',
      state: 'NY',
      zipCode: '12207',
      isTest: true,
    }),
  });
  if (res.status !== 200) throw new Error(`enrolling ${id}: ${res.status} ${await res.text()}`);
  // The loan the promise and the payment are about (no task type: it starts no outreach of its own).
  const loan = await fetch(`${service.url}/loans`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `loan-${id}`, customerId: id, totalBalance: 600 }),
  });
  if (loan.status >= 300) throw new Error(`boarding loan-${id}: ${loan.status} ${await loan.text()}`);
}

const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${service.url}${route}`, {
    method,
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
type DemoPromise = {
  id: string;
  amount: string;
  dueDate: string;
  status: string;
  followUpScheduledCallId: string | null;
};
const promiseOf = async (customerId: string): Promise<DemoPromise | undefined> =>
  (await api<{ promises: DemoPromise[] }>('GET', `/customers/${customerId}/promises`)).promises[0];

/**
 * Once both calls made their promise: a payment of the whole amount today keeps the first; the
 * sweep run at the end of the second's window (the start of the day after its due date, New York
 * time) breaks it and schedules its follow-up call. Resolves with the lines it printed.
 */
async function showPromises(): Promise<string[]> {
  let made = await Promise.all(PROMISERS.map(([id]) => promiseOf(id)));
  while (!made.every(Boolean)) {
    await new Promise((r) => setTimeout(r, 500));
    made = await Promise.all(PROMISERS.map(([id]) => promiseOf(id)));
  }
  const [kept, broken] = made as DemoPromise[];
  await api('PUT', '/payments', {
    customer_id: PROMISERS[0][0],
    loan_id: `loan-${PROMISERS[0][0]}`,
    payment_id: 'demo-payment-1',
    payment_date: clock.slice(0, 10), // today, New York time (the clock is 09:59 there)
    payment_amount: Number(kept.amount),
    payment_type: 'debit_card',
  });
  const windowEnd = DateTime.fromISO(broken.dueDate, { zone: 'America/New_York' }).plus({ days: 1 }).startOf('day');
  await runPromiseSweep(service.db, windowEnd.toJSDate());
  const after = await api<DemoPromise>('GET', `/promises/${broken.id}`);
  const followUp = after.followUpScheduledCallId
    ? await api<{ id: string; scheduledTime: string }>('GET', `/scheduled-calls/${after.followUpScheduledCallId}`)
    : null;
  const keptNow = await api<DemoPromise>('GET', `/promises/${kept.id}`);
  const lines = [
    `promise ${kept.id} (${PROMISERS[0][0]}): ${keptNow.status} by a payment of $${kept.amount}`,
    `promise ${broken.id} (${PROMISERS[1][0]}): ${after.status} at ${windowEnd.toISO()}; follow-up call ${
      followUp ? `${followUp.id} at ${followUp.scheduledTime}` : 'none'
    }`,
  ];
  for (const line of lines) console.log(`demo: ${line}`);
  return lines;
}
const promisesShown = showPromises().catch((err: unknown) => {
  console.error(`demo: promises: ${err instanceof Error ? err.message : String(err)}`);
  return null;
});

console.log(`
Outreach demo: ${service.url}/console/
  sign in as   ${email}
  password     ${password}
  API key      ${apiKey}
  clock        ${clock} (sandbox clock; calls go at 10:00 New York time, within a minute)
  customers    ${[...PEOPLE, ...PROMISERS].map(([id, , phone, outcome]) => `\n    ${id.padEnd(20)} ${phone}  ${outcome}`).join('')}
Open a customer by id in the console (e.g. demo-transfer). Ctrl-C stops the demo.`);

const stop = async (code: number) => {
  await service.stop();
  process.exit(code);
};
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

if (process.env.DEMO_EXIT_AFTER_CALLS === '1') {
  const deadline = Date.now() + Number(process.env.DEMO_TIMEOUT_MS ?? 120_000);
  for (;;) {
    const results = await service
      .db('calls')
      .where({ company_id: companyId })
      .whereNot('flags', '[]')
      .count({ n: '*' })
      .first();
    if (Number(results?.n) >= CALLS) {
      console.log(`demo: ${CALLS} calls placed, each with its outcome`);
      await stop((await promisesShown) ? 0 : 1);
    }
    if (Date.now() > deadline) {
      console.error(`demo: only ${Number(results?.n)} of ${CALLS} calls had a result in time`);
      await stop(1);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
