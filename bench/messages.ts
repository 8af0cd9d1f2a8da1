/**
 * Email and SMS dispatch benchmark: N due emails and N due texts (test customers) sent by the
 * service's dispatcher to the local SMTP server and the SMS simulator, on Postgres and SQLite,
 * printing sends per second. Baselines in the same run: the same number of emails sent with bare
 * nodemailer to the same SMTP server, and bare form POSTs to the simulator's Messages endpoint.
 *
 *   npx tsx bench/messages.ts [N]   (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { loadConfig } from '../src/config/config.js';
import { createCompany, setCompanyConfig } from '../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../src/domain/shared/company-config.js';
import { createLogger } from '../src/lib/logger.js';
import { startService } from '../src/main/server.js';
import { LocalSmtpServer } from '../src/simulators/smtp/server.js';
import { SmsSimulator } from '../src/simulators/sms/server.js';
import { type Db, openDb } from '../src/store/shared/db.js';
import { insertMessages, type NewMessage } from '../src/store/scheduled-messages/scheduled-messages.js';
import { migrateLatest } from '../src/store/shared/migrate.js';
import { insertSchedule } from '../src/store/planning/schedules.js';
import { freePort } from '../test/support/channels.js';

const N = Number(process.argv[2] ?? 1000);
const PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONCURRENCY = 50;

async function pool<T>(count: number, work: (i: number) => Promise<T>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function baselines(smtp: LocalSmtpServer, sms: SmsSimulator) {
  const transport = nodemailer.createTransport({
    url: smtp.url,
    pool: true,
    maxConnections: 5,
    ignoreTLS: true,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  let t = performance.now();
  await pool(N, (i) =>
    transport.sendMail({ from: 'bench@example.com', to: `b${i}@example.com`, subject: 'Bench', text: 'Hello' }),
  );
  const smtpRate = N / ((performance.now() - t) / 1000);
  transport.close();
  const auth = `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`;
  t = performance.now();
  await pool(N, async (i) => {
    const res = await fetch(`${sms.url}/2010-04-01/Accounts/${sms.accountSid}/Messages.json`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        To: `+1212555${String(2000 + (i % 7000)).padStart(4, '0')}`,
        From: '+15005550006',
        Body: 'Hello',
      }),
    });
    await res.arrayBuffer();
  });
  return { smtpRate, smsRate: N / ((performance.now() - t) / 1000) };
}

async function freshDb(dialect: 'postgres' | 'sqlite'): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const tag = randomBytes(5).toString('hex');
  if (dialect === 'sqlite') {
    const file = path.join(os.tmpdir(), `outreach-bench-msg-${tag}.db`);
    const db = openDb(`sqlite:${file}`);
    await migrateLatest(db);
    return {
      db,
      url: `sqlite:${file}`,
      drop: async () => {
        await db.destroy();
        for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
      },
    };
  }
  const schema = `bench_msg_${tag}`;
  const admin = openDb(PG_URL);
  await admin.raw(`CREATE SCHEMA ${schema}`);
  const db = openDb(PG_URL, { schema });
  await migrateLatest(db);
  return {
    db,
    url: PG_URL,
    drop: async () => {
      await db.destroy();
      await admin.raw(`DROP SCHEMA ${schema} CASCADE`);
      await admin.raw(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
      await admin.destroy();
    },
  };
}

/** N email + N SMS rows due now for N test customers of one company (planning is benchmarked apart). */
async function seed(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  const { companyId } = await createCompany(db, `bench-${randomUUID()}`, now);
  await setCompanyConfig(db, companyId, {
    ...defaultCompanyConfig(),
    templates: { t: { subject: 'Hello {{customer.firstName}}', body: 'Hi {{customer.firstName}}, please call us.' } },
  });
  const customers = Array.from({ length: N }, (_, i) => ({
    company_id: companyId,
    id: `c${i}`,
    first_name: 'Ada',
    last_name: 'L',
    email: `c${i}@example.com`,
    timezone: 'America/New_York',
    state: 'NY',
    phone_number: `+1212555${String(2000 + (i % 7000)).padStart(4, '0')}`,
    do_not_call: false,
    is_test: true,
    created_at: at,
    updated_at: at,
  }));
  for (let i = 0; i < customers.length; i += 500) await db('customers').insert(customers.slice(i, i + 500));
  const rows: NewMessage[] = [];
  for (let i = 0; i < N; i++) {
    for (const channel of ['email', 'sms'] as const) {
      const scheduleId = randomUUID();
      await insertSchedule(db, companyId, {
        id: scheduleId,
        customerId: `c${i}`,
        cadenceId: null,
        source: 'replace',
        channel,
        taskType: 'Collections',
        cadence: 'bench',
        loanId: null,
        at,
      });
      rows.push({
        id: randomUUID(),
        customerId: `c${i}`,
        scheduleId,
        loanId: null,
        taskType: 'Collections',
        purpose: 'collections',
        channel,
        step: 's',
        stepIndex: 0,
        template: 't',
        scheduledTime: at,
        explanation: null,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await insertMessages(db, companyId, rows.slice(i, i + 500), at);
}

async function dispatchRun(dialect: 'postgres' | 'sqlite', smtp: LocalSmtpServer, sms: SmsSimulator) {
  const database = await freshDb(dialect);
  const due = new Date('2026-12-08T15:00:00Z'); // Tuesday 10:00 New York: inside every window
  let now = new Date(due.getTime() - 60_000); // not due yet while the service starts: only dispatch is timed
  await seed(database.db, due);
  const port = await freePort();
  sms.inboundUrl = `http://127.0.0.1:${port}/webhooks/sms/inbound`;
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    OUTREACH_SANDBOX_SMTP_URL: smtp.url,
    OUTREACH_SANDBOX_SMS_URL: sms.url,
    OUTREACH_SANDBOX_SMS_ACCOUNT_SID: sms.accountSid,
    OUTREACH_SANDBOX_SMS_AUTH_TOKEN: sms.authToken,
    OUTREACH_MESSAGES_POLL_MS: '20',
    OUTREACH_MESSAGES_BATCH: '200',
    OUTREACH_MESSAGES_PER_COMPANY: '200',
  });
  const emailsBefore = smtp.received.length;
  const service = await startService(
    { ...config, databaseUrl: database.url },
    { db: database.db, migrate: false, now: () => now, log: createLogger('silent') },
  );
  const started = performance.now();
  now = due;
  const done: Record<string, number> = {};
  while (Object.keys(done).length < 2) {
    const counts = await database
      .db('scheduled_messages')
      .whereNotNull('sent_at')
      .groupBy('channel')
      .select('channel')
      .count({ n: '*' });
    for (const c of counts as Array<{ channel: string; n: unknown }>)
      if (Number(c.n) >= N && done[String(c.channel)] === undefined)
        done[String(c.channel)] = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = Math.max(done.email, done.sms);
  await sms.settled();
  await service.stop();
  const received = smtp.received.length - emailsBefore;
  await database.drop();
  return { seconds, received, emailSeconds: done.email, smsSeconds: done.sms };
}

const smtp = new LocalSmtpServer({ maxKept: 10 * N });
const sms = new SmsSimulator();
await smtp.start();
await sms.start();
console.log(
  `messages: ${N} emails + ${N} texts to test customers, dispatcher → local SMTP server and SMS simulator (${os.cpus().length} cores)\n`,
);
const base = await baselines(smtp, sms);
console.log(
  `baseline  bare nodemailer → SMTP server: ${base.smtpRate.toFixed(0)} emails/s; bare form POST → simulator: ${base.smsRate.toFixed(0)} texts/s (concurrency ${CONCURRENCY})`,
);
for (const dialect of ['postgres', 'sqlite'] as const) {
  const r = await dispatchRun(dialect, smtp, sms);
  console.log(
    `${dialect.padEnd(8)}  dispatcher, both channels at once: ${N} emails in ${(r.emailSeconds * 1000).toFixed(0)} ms (${(N / r.emailSeconds).toFixed(0)} emails/s, ${r.received} received), ` +
      `${N} texts in ${(r.smsSeconds * 1000).toFixed(0)} ms (${(N / r.smsSeconds).toFixed(0)} texts/s); ${((2 * N) / r.seconds).toFixed(0)} messages/s together`,
  );
}
await sms.stop();
await smtp.stop();
