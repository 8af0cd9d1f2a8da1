import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../src/domain/companies/companies.js';
import { type Claimed, type JobQueue, WakeSignals } from '../../src/domain/ports/job-queue.js';
import type { VoiceProvider } from '../../src/domain/ports/voice-provider.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { RECORDING_QUEUE, type RecordingMessage } from '../../src/domain/calls/recordings.js';
import { startCallWorkers } from '../../src/jobs/call-workers.js';
import { createLogger } from '../../src/lib/logger.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * The recording copy pool: jobs claimed several at a time, copied one after another, the copied
 * ones acked together and a failed one failed alone (the queue retries it), its call untouched.
 */
const AT = '2026-12-08T15:05:00.000Z';

describe.each(DIALECTS)('recording copies on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let companyId: string;

  beforeAll(async () => {
    ({ companyId } = await createCompany(database.db, 'Recordings', new Date(AT)));
    await tables(database.db).customers().insert({
      company_id: companyId,
      id: 'cu',
      first_name: 'R',
      last_name: 'Ec',
      timezone: 'America/New_York',
      phone_number: '+12125550100',
      do_not_call: false,
      is_test: true,
      created_at: AT,
      updated_at: AT,
    });
    const scheduleId = 'sch';
    await tables(database.db).schedules().insert({
      id: scheduleId,
      company_id: companyId,
      customer_id: 'cu',
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
    for (const [i, id] of ['good1', 'bad', 'good2'].entries()) {
      await tables(database.db)
        .scheduledCalls()
        .insert({
          id: `sc-${id}`,
          company_id: companyId,
          customer_id: 'cu',
          schedule_id: scheduleId,
          loan_id: null,
          task_type: 'Collections',
          purpose: 'collections',
          scheduled_time: AT,
          phone_number: '+12125550100',
          transfer_destination: 'queue:collections-agents',
          step: `day${i}`,
          step_index: i,
          fallback: false,
          status: 'completed',
          call_id: id,
          post_processing_flags: '[]',
          explanation: null,
          created_at: AT,
          updated_at: AT,
        });
      await tables(database.db)
        .calls()
        .insert({
          id,
          company_id: companyId,
          customer_id: 'cu',
          scheduled_call_id: `sc-${id}`,
          provider: 'sandbox',
          provider_call_id: `pc-${id}`,
          to_phone_number: '+12125550100',
          from_phone_number: '+12025550199',
          state: 'analyzed',
          timestamp: AT,
          transcript: '',
          summarization: '',
          flags: '[]',
          provider_recording_url: `https://provider.example/${id}.wav`,
          created_at: AT,
          updated_at: AT,
        });
    }
  });

  it('acks the copied recordings together and fails only the one whose download failed', async () => {
    const waiting: Claimed<RecordingMessage>[] = ['good1', 'bad', 'good2'].map((callId, i) => ({
      id: `m${i}`,
      queue: RECORDING_QUEUE,
      data: { companyId, callId },
      attempt: 1,
      maxAttempts: 3,
    }));
    const fetchLimits: number[] = [];
    const acks: string[][] = [];
    const failed: Array<[string, string]> = [];
    const signals = new WakeSignals();
    const queue = {
      fetch: async (q: string, limit: number) => {
        if (q !== RECORDING_QUEUE) return [];
        fetchLimits.push(limit);
        return waiting.splice(0, limit);
      },
      complete: async (_db: unknown, messages: Claimed<unknown>[]) => void acks.push(messages.map((m) => m.id)),
      fail: async (m: Claimed<unknown>, err: Error) => void failed.push([m.id, err.message]),
      release: async () => undefined,
      wake: (q: string) => signals.wake(q),
      onWake: (q: string, l: () => void) => signals.onWake(q, l),
    } as unknown as JobQueue;
    const stored = new Map<string, Buffer>();
    const provider = {
      fetchRecording: async (url: string) => {
        if (url.includes('bad')) throw new Error('provider answered 500');
        return { bytes: Buffer.from(`audio of ${url}`), contentType: 'audio/wav' };
      },
    } as unknown as VoiceProvider;
    const s = {
      db: database.db,
      now: () => new Date(AT),
      log: createLogger('silent'),
      queue,
      voice: { live: provider, sandbox: provider },
      recordings: { put: async (key: string, bytes: Buffer) => void stored.set(key, bytes), get: async () => null },
      settings: {} as CallServices['settings'],
    } as unknown as CallServices;

    const workers = startCallWorkers(
      s,
      {
        pollMs: 20,
        concurrency: 1,
        claimBatch: 1,
        maxConcurrentPerCompany: 1,
        maxAttempts: 3,
        timeoutSeconds: 60,
        shutdownGraceMs: 1_000,
      },
      false,
    );
    try {
      const t0 = Date.now();
      while (acks.length === 0 && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await workers.stop();
    }
    expect(fetchLimits[0]).toBeGreaterThanOrEqual(3); // several claimed at once, not one per fetch
    expect(acks).toEqual([['m0', 'm2']]); // one ack for the copied two
    expect(failed).toEqual([['m1', 'provider answered 500']]);
    expect([...stored.keys()].sort()).toEqual(['good1.wav', 'good2.wav']);
    const keys = await tables(database.db).calls().orderBy('id').select('id', 'recording_key');
    expect(keys.map((r: { id: string; recording_key: string | null }) => [r.id, r.recording_key])).toEqual([
      ['bad', null],
      ['good1', 'good1.wav'],
      ['good2', 'good2.wav'],
    ]);
  });
});
