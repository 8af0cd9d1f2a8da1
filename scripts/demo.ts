// `npm run demo`: the way to see the product in one command (named at the top of the README).
// Starts the service on the embedded default (SQLite, a fresh ./data/demo.db) with the sandbox
// clock half a minute before 10:00 on the next business weekday in New York, creates a demo company
// and a console user, enrolls test customers on the voice simulator's magic numbers
// (docs/partners/sandbox.md), and prints the console's address and credentials. The calls go at
// 10:00, each with its magic number's outcome.
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

console.log(`
Outreach demo: ${service.url}/console/
  sign in as   ${email}
  password     ${password}
  API key      ${apiKey}
  clock        ${clock} (sandbox clock; calls go at 10:00 New York time, within a minute)
  customers    ${PEOPLE.map(([id, , phone, outcome]) => `\n    ${id.padEnd(18)} ${phone}  ${outcome}`).join('')}
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
    if (Number(results?.n) >= PEOPLE.length) {
      console.log(`demo: ${PEOPLE.length} calls placed, each with its outcome`);
      await stop(0);
    }
    if (Date.now() > deadline) {
      console.error(`demo: only ${Number(results?.n)} of ${PEOPLE.length} calls had a result in time`);
      await stop(1);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
