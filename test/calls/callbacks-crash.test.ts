import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Retell from 'retell-sdk';
import { SIGNATURE_HEADER } from '../../src/adapters/voice/protocol.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import { projectRoot } from '../../src/lib/project-root.js';
import { SIMULATOR_DEFAULTS, startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { eventually } from '../support/eventually.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * `kill -9` of an API process between receipt and apply: every callback it answered 202 is in the
 * inbox, and the next API process applies them all. Until the first process is dead the test holds
 * a lock that applying needs and receipt does not (SHARE on call_events: receipt only reads it), so
 * the crash falls between receipt and apply however slow the machine; waiting for the stream to
 * pause, as the applier does, was not enough on a loaded one.
 */
const CALLS = 30;
const AT = '2026-12-08T15:00:00.000Z';
const EVENTS = ['call_started', 'call_ended', 'call_analyzed'] as const;

function startApi(databaseUrl: string, simulatorUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/cli.ts', 'serve', '--no-migrate', '--no-workers'],
    {
      cwd: projectRoot(),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        OUTREACH_VOICE_SIMULATOR_URL: simulatorUrl,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line) resolve({ child, url: JSON.parse(line).url });
    });
    child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)));
  });
}

/** A Retell webhook body as the simulator sends it (protocol.ts); signed with the API key when delivered. */
function callback(i: number, event: (typeof EVENTS)[number]) {
  const over = event !== 'call_started';
  const start = Date.parse(AT);
  return JSON.stringify({
    event,
    call: {
      call_id: `pc${i}`,
      call_type: 'phone_call',
      direction: 'outbound',
      agent_id: 'agent-collections',
      agent_version: 1,
      call_status: over ? 'ended' : 'ongoing',
      from_number: '+12025550199',
      to_number: `+1212736${5000 + i}`,
      metadata: { scheduled_call_id: `sc${i}` },
      start_timestamp: start,
      ...(over
        ? {
            end_timestamp: start + 42_000,
            duration_ms: 42_000,
            disconnection_reason: 'voicemail_reached',
            transcript: '',
          }
        : {}),
      ...(event === 'call_analyzed'
        ? {
            call_analysis: {
              call_summary: 'Voicemail left.',
              in_voicemail: true,
              custom_analysis_data: { voicemail_message_left: true },
            },
          }
        : {}),
    },
  });
}

describe.skipIf(!process.env.TEST_POSTGRES_URL)(
  'an API process killed with SIGKILL between receipt and apply (Postgres)',
  () => {
    const database = useTestDatabase('postgres');
    let simulator: VoiceSimulator;
    const children: ChildProcess[] = [];
    /** The lock applying waits on until the first process is dead; released in afterAll if a test failed holding it. */
    let holder: Knex.Transaction | undefined;

    beforeAll(async () => {
      simulator = await startVoiceSimulator();
      const db = database.db;
      const { companyId } = await createCompany(db, 'Crash', new Date(AT));
      for (let i = 0; i < CALLS; i++) {
        await tables(db)
          .customers()
          .insert({
            company_id: companyId,
            id: `cu${i}`,
            first_name: 'K',
            last_name: 'Ill',
            timezone: 'America/New_York',
            phone_number: `+1212736${5000 + i}`,
            do_not_call: false,
            is_test: true,
            created_at: AT,
            updated_at: AT,
          });
        await tables(db)
          .schedules()
          .insert({
            id: `sch${i}`,
            company_id: companyId,
            customer_id: `cu${i}`,
            cadence_id: null,
            channel: 'call',
            source: 'replace',
            task_type: 'Collections',
            cadence: 'collections',
            loan_id: null,
            status: 'active',
            created_at: AT,
            updated_at: AT,
          });
        await tables(db)
          .scheduledCalls()
          .insert({
            id: `sc${i}`,
            company_id: companyId,
            customer_id: `cu${i}`,
            schedule_id: `sch${i}`,
            loan_id: null,
            task_type: 'Collections',
            purpose: 'collections',
            scheduled_time: AT,
            phone_number: `+1212736${5000 + i}`,
            transfer_destination: 'queue:collections-agents',
            step: 'day0',
            step_index: 0,
            fallback: false,
            status: 'dialing',
            call_id: `call${i}`,
            post_processing_flags: '[]',
            explanation: null,
            created_at: AT,
            updated_at: AT,
            provider: 'sandbox',
            provider_call_id: `pc${i}`,
          });
        await tables(db)
          .calls()
          .insert({
            id: `call${i}`,
            company_id: companyId,
            customer_id: `cu${i}`,
            scheduled_call_id: `sc${i}`,
            provider: 'sandbox',
            provider_call_id: `pc${i}`,
            to_phone_number: `+1212736${5000 + i}`,
            from_phone_number: '+12025550199',
            state: 'registered',
            timestamp: AT,
            transcript: '',
            summarization: '',
            flags: '[]',
            created_at: AT,
            updated_at: AT,
          });
      }
    }, 60_000);

    afterAll(async () => {
      await holder?.rollback().catch(() => undefined);
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await once(child, 'exit');
        }
      await simulator?.close();
    });

    it('every callback answered 202 before the kill is applied by the next process', { timeout: 240_000 }, async () => {
      holder = await database.db.transaction();
      await holder.raw('LOCK TABLE call_events IN SHARE MODE');
      const first = await startApi(database.url, simulator.url);
      children.push(first.child);
      const accepted: string[] = [];
      const deliver = async (url: string, i: number, event: (typeof EVENTS)[number]) => {
        const body = callback(i, event);
        const res = await fetch(`${url}/callbacks/voice/sandbox`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [SIGNATURE_HEADER]: await Retell.sign(body, SIMULATOR_DEFAULTS.apiKey),
          },
          body,
        });
        const answer = (await res.json()) as { eventId?: string };
        return { id: answer.eventId ?? '', status: res.status };
      };
      // A stream without pauses (a few ms apart): two thirds of the calls' events, then the kill.
      for (let i = 0; i < (CALLS * 2) / 3; i++) {
        for (const event of EVENTS) {
          const { id, status } = await deliver(first.url, i, event);
          expect(status).toBe(202);
          accepted.push(id);
        }
      }
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      // The dead process's apply, if it had begun, was waiting on the lock: it never commits. Its claim
      // did, and holds those rows for the lease's minute of wall clock: expire it, as the minute would.
      await holder.rollback();
      holder = undefined;
      await tables(database.db).callbackInbox().whereNull('applied_at').update({ lease_until: null });

      const inbox = await tables(database.db).callbackInbox().orderBy('seq').select('event_id', 'applied_at');
      expect(inbox.map((r: { event_id: string }) => r.event_id)).toEqual(accepted); // durable before its 202
      // The crash window was hit: the dead process had applied none of them.
      expect(inbox.filter((r: { applied_at: unknown }) => r.applied_at === null)).toHaveLength(accepted.length);

      const second = await startApi(database.url, simulator.url);
      children.push(second.child);
      for (let i = (CALLS * 2) / 3; i < CALLS; i++) {
        for (const event of EVENTS) {
          const { id, status } = await deliver(second.url, i, event);
          expect(status).toBe(202);
          accepted.push(id);
        }
      }
      await eventually(
        async () => {
          const left = Number(
            (await tables(database.db).callbackInbox().whereNull('applied_at').count({ n: '*' }))[0].n,
          );
          return left === 0 ? true : undefined;
        },
        90_000,
        'the inbox to be applied',
      );
      const events = await tables(database.db).callEvents().pluck('event_id');
      expect(events.sort()).toEqual([...accepted].sort());
      expect(new Set(accepted.map((id) => id.split(':').slice(0, 2).join(':')))).toEqual(
        new Set(Array.from({ length: CALLS }, (_, i) => EVENTS.map((e) => `pc${i}:${e}`)).flat()),
      );
      const statuses = await tables(database.db).scheduledCalls().pluck('status');
      expect(statuses).toEqual(Array(CALLS).fill('completed'));
      const { post_processing_flags: flags } = (await tables(database.db)
        .scheduledCalls()
        .where('id', 'sc0')
        .first('post_processing_flags'))!;
      expect(typeof flags === 'string' ? JSON.parse(flags) : flags).toEqual(expect.arrayContaining(['VOICEMAIL']));
    });
  },
);
