import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { validCustomer } from '../support/customers.js';
import { waitForJob } from '../support/jobs.js';
import { fillPath, responseProblems, specOperations } from '../support/contract.js';
import { loadOpenApiDocument } from '../../src/contract/openapi-document.js';
import { normalizeState, stateZones } from '../../src/scheduler/state-zones.js';

/** `{"a": {"a": … {"leaf": "x"}}}`, `depth` objects deep, as JSON text (JSON.stringify itself overflows on it). */
function nestedJson(depth: number): string {
  return '{"a":'.repeat(depth - 1) + '{"leaf":"x"}' + '}'.repeat(depth - 1);
}

const DEEP = '"__deep__"';

/** The body as JSON text with each `DEEP` placeholder replaced by a value nested `depth` levels deep. */
function deepBody(body: unknown, depth: number): string {
  return JSON.stringify(body).split(DEEP).join(nestedJson(depth));
}
const deep = '__deep__';

const replaceBody = (overrides: Record<string, unknown> = {}) => ({ ...validCustomer('sync-1'), ...overrides });

/** Bad input is a 400 in the operation's documented shape, decided by validation the same way on every database. */
describe.each(DIALECTS)('input limits on %s', (dialect) => {
  let key: string;
  const suite = useTestService(dialect);
  beforeAll(async () => {
    key = (await suite.t.company()).apiKey;
    expect((await suite.t.call('POST', '/customers', { key, body: validCustomer('base') })).status).toBe(201);
  });

  describe('malformed percent-escapes in a path parameter', () => {
    const withParams = specOperations().filter((op) => op.pathParams.length > 0);
    it('the contract has operations with path parameters', () => expect(withParams.length).toBeGreaterThanOrEqual(10));

    for (const op of withParams) {
      for (const escape of ['%ZZ', '%C3%28', 'a%E0%A4%A']) {
        for (const param of op.pathParams) {
          it(`${op.operationId}: ${param.name} = ${escape} is 400 in its error shape, with or without a key`, async () => {
            const path = fillPath(op, { [param.name]: escape });
            for (const withKey of [true, false]) {
              const res = await suite.t.call(op.method, path, {
                key: withKey ? key : undefined,
                body: op.hasBody ? {} : undefined,
              });
              expect(res.status).toBe(400);
              expect(responseProblems(op.operationId, 400, res.body)).toBeNull();
            }
          });
        }
      }
    }
  });

  describe('deeply nested free-form objects', () => {
    it('POST /customers: externalMetadata 16 levels deep is stored, 17 or 5,000 levels are 400 naming the field', async () => {
      expect(
        (
          await suite.t.call('POST', '/customers', {
            key,
            rawBody: deepBody(validCustomer('deep-ok', { externalMetadata: deep }), 16),
          })
        ).status,
      ).toBe(201);
      for (const depth of [17, 5000]) {
        const res = await suite.t.call('POST', '/customers', {
          key,
          rawBody: deepBody(validCustomer('deep-bad', { externalMetadata: deep }), depth),
        });
        expect(res.status).toBe(400);
        expect(res.body.detail).toMatch(/^externalMetadata: must not nest objects or arrays more than 16 levels deep/);
      }
      expect((await suite.t.call('GET', '/customers/deep-bad', { key })).status).toBe(404);
    });

    it('an ignored field nested 5,000 levels deep is ignored, not a 500', async () => {
      const res = await suite.t.call('POST', '/customers', {
        key,
        rawBody: deepBody(validCustomer('deep-ignored', { somethingElse: deep }), 5000),
      });
      expect(res.status).toBe(201);
    });

    it('replacement schedule sync: 400 in the {detail: {code, message}} shape', async () => {
      const res = await suite.t.call('POST', '/customers/schedule/sync', {
        key,
        rawBody: deepBody(replaceBody({ externalMetadata: deep }), 5000),
      });
      expect(res.status).toBe(400);
      expect(res.body.detail.message).toMatch(/externalMetadata: must not nest/);
      expect(responseProblems('syncCustomerSchedule', 400, res.body)).toBeNull();
    });

    it('enrollment with a deeply nested unknown field: 422 naming it, not a 500', async () => {
      const res = await suite.t.call('POST', '/customers/schedule/sync', {
        key,
        headers: { 'Idempotency-Key': 'deep-enroll-1' },
        rawBody: deepBody(
          {
            scheduleMode: 'enroll',
            taskType: 'PendingLoanNewLead',
            id: 'deep-enroll',
            loanId: 'L-1',
            firstName: 'A',
            lastName: 'B',
            phoneNumber: '(212) 736-5000',
            timezone: 'America/New_York',
            extra: deep,
          },
          5000,
        ),
      });
      expect(res.status).toBe(422);
      expect(res.body.detail.message).toContain('extra');
    });

    it('POST /loans: externalLmsMetadata 5,000 levels deep is 400 naming the field', async () => {
      const res = await suite.t.call('POST', '/loans', {
        key,
        rawBody: deepBody({ id: 'L-deep', customerId: 'base', externalLmsMetadata: deep }, 5000),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 400, message: expect.stringMatching(/^externalLmsMetadata: must not nest/) });
    });

    it('in customer and loan batches only the deep row fails', async () => {
      const { apiKey } = await suite.t.company();
      const customers = [
        validCustomer('bd-1'),
        validCustomer('bd-2', { externalMetadata: deep }),
        validCustomer('bd-3'),
      ];
      const submitted = await suite.t.call('POST', '/customers/batch', {
        key: apiKey,
        rawBody: deepBody({ customers }, 5000),
      });
      expect(submitted.status).toBe(202);
      const job = await waitForJob(suite.t, apiKey, `/customers/batch/${submitted.body.jobId}`);
      expect(job).toMatchObject({ status: 'completed', processed: 3, failed: 1 });
      expect(job.failures).toEqual([
        { index: 1, customerId: 'bd-2', message: expect.stringMatching(/^400: externalMetadata: must not nest/) },
      ]);

      const loans = [
        { id: 'L1', customerId: 'bd-1' },
        { id: 'L2', customerId: 'bd-1', externalLmsMetadata: deep },
        { id: 'L3', customerId: 'bd-3' },
      ];
      const loanJob = await suite.t.call('POST', '/loans/batch', { key: apiKey, rawBody: deepBody({ loans }, 5000) });
      expect(loanJob.status).toBe(202);
      const done = await waitForJob(suite.t, apiKey, `/loans/batch/${loanJob.body.jobId}`);
      expect(done).toMatchObject({ status: 'completed', processed: 3, failed: 1 });
      expect(done.failures).toEqual([
        {
          index: 1,
          customerId: 'bd-1',
          loanId: 'L2',
          message: expect.stringMatching(/^400: externalLmsMetadata: must not nest/),
        },
      ]);
    });
  });

  describe('string lengths and NUL characters are decided by validation', () => {
    it.each([
      [
        'a name longer than 255 characters',
        { firstName: 'N'.repeat(256) },
        /^firstName: must NOT have more than 255 characters$/,
      ],
      ['a NUL in a name', { firstName: 'Ada\u0000' }, /^firstName: must not contain the NUL character/],
      [
        'a NUL in a free-form key',
        { externalMetadata: { 'k\u0000': 'v' } },
        // eslint-disable-next-line no-control-regex -- the key under test contains NUL; the message names it
        /^externalMetadata\.k\u0000: must not contain the NUL character/,
      ],
      [
        'a NUL in a free-form value',
        { externalMetadata: { note: 'a\u0000b' } },
        /^externalMetadata\.note: must not contain the NUL character/,
      ],
      [
        'an unpaired surrogate in a name',
        { firstName: 'Ada \uD800' },
        /^firstName: must be Unicode text: it contains an unpaired UTF-16 surrogate \(U\+D800 to U\+DFFF\)$/,
      ],
      [
        'an unpaired surrogate in a free-form key',
        { externalMetadata: { 'k\uDC00': 'v' } },
        /^externalMetadata\.k\uDC00: must be Unicode text/,
      ],
      [
        'a surrogate pair in the wrong order in a free-form value',
        { externalMetadata: { note: '\uDE00\uD83D' } },
        /^externalMetadata\.note: must be Unicode text/,
      ],
      ['an id longer than 255 characters', { id: 'i'.repeat(256) }, /^id: must NOT have more than 255 characters$/],
    ])('POST /customers: %s is 400 and stores nothing', async (_label, change, message) => {
      const res = await suite.t.call('POST', '/customers', { key, body: validCustomer('len-1', change) });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(message);
      expect((await suite.t.call('GET', '/customers/len-1', { key })).status).toBe(404);
    });

    it('a character outside the Basic Multilingual Plane (a well-formed surrogate pair) is stored as sent', async () => {
      const res = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('astral-1', {
          firstName: 'Ada \uD83D\uDE00',
          externalMetadata: { '\uD835\uDC00': 'math A' },
        }),
      });
      expect(res.status).toBe(201);
      const read = (await suite.t.call('GET', '/customers/astral-1', { key })).body;
      expect([read.firstName, read.externalMetadata]).toEqual(['Ada 😀', { '𝐀': 'math A' }]);
    });

    it('a NUL in a path parameter is 400', async () => {
      const res = await suite.t.call('GET', '/customers/a%00b', { key });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 400, message: 'id: must not contain the NUL character (U+0000)' });
    });

    it('PUT /customers/{id} and POST /loans reject NUL and overlong values', async () => {
      const put = await suite.t.call('PUT', '/customers/base', { key, body: { lastName: 'x\u0000' } });
      expect(put.status).toBe(400);
      expect(put.body.message).toMatch(/^lastName: must not contain/);
      const loan = await suite.t.call('POST', '/loans', {
        key,
        body: { id: 'L-long', customerId: 'base', type: 't'.repeat(121) },
      });
      expect(loan.status).toBe(400);
      expect(loan.body.message).toBe('type: must NOT have more than 120 characters');
    });

    it('in batches, a row with a NUL or an overlong value fails alone', async () => {
      const { apiKey } = await suite.t.company();
      const customers = [
        validCustomer('bn-1'),
        validCustomer('bn-2', { city: 'x\u0000' }),
        validCustomer('bn-3', { lastName: 'L'.repeat(300) }),
      ];
      const submitted = await suite.t.call('POST', '/customers/batch', { key: apiKey, body: { customers } });
      expect(submitted.status).toBe(202);
      const job = await waitForJob(suite.t, apiKey, `/customers/batch/${submitted.body.jobId}`);
      expect(job).toMatchObject({ status: 'completed', processed: 3, failed: 2 });
      expect(job.failures).toEqual([
        { index: 1, customerId: 'bn-2', message: '400: city: must not contain the NUL character (U+0000)' },
        { index: 2, customerId: 'bn-3', message: '400: lastName: must NOT have more than 255 characters' },
      ]);
      const loans = [
        { id: 'L\u0000', customerId: 'bn-1' },
        { id: 'L2', customerId: 'bn-1' },
      ];
      const loanJob = await suite.t.call('POST', '/loans/batch', { key: apiKey, body: { loans } });
      expect(loanJob.status).toBe(202);
      const done = await waitForJob(suite.t, apiKey, `/loans/batch/${loanJob.body.jobId}`);
      expect(done).toMatchObject({ status: 'completed', processed: 2, failed: 1 });
      expect(done.failures).toEqual([
        { index: 0, customerId: 'bn-1', loanId: 'L', message: '400: id: must not contain the NUL character (U+0000)' },
      ]);
    });
  });

  it('in batches, a row with an unpaired UTF-16 surrogate fails alone (never the job), its reference reported with U+FFFD in its place', async () => {
    const { apiKey } = await suite.t.company();
    const customers = [
      validCustomer('bs-\uD800'),
      validCustomer('bs-2', { city: 'Lone \uDC00 City' }),
      { id: 'bs-\uDBFF', lastName: 7 },
      validCustomer('bs-4'),
    ];
    const submitted = await suite.t.call('POST', '/customers/batch', { key: apiKey, body: { customers } });
    expect(submitted.status).toBe(202);
    const job = await waitForJob(suite.t, apiKey, `/customers/batch/${submitted.body.jobId}`);
    expect(job).toMatchObject({ status: 'completed', processed: 4, failed: 3 });
    const unpaired = 'must be Unicode text: it contains an unpaired UTF-16 surrogate (U+D800 to U+DFFF)';
    expect(job.failures).toEqual([
      { index: 0, customerId: 'bs-\uFFFD', message: `400: id: ${unpaired}` },
      { index: 1, customerId: 'bs-2', message: `400: city: ${unpaired}` },
      { index: 2, customerId: 'bs-\uFFFD', message: `400: id: ${unpaired}` },
    ]);
    expect((await suite.t.call('GET', '/customers/bs-4', { key: apiKey })).status).toBe(200);
    const loans = [
      { id: 'L-\uD800', customerId: 'bs-4' },
      { id: 'L-ok', customerId: 'bs-4' },
    ];
    const loanJob = await suite.t.call('POST', '/loans/batch', { key: apiKey, body: { loans } });
    const loansDone = await waitForJob(suite.t, apiKey, `/loans/batch/${loanJob.body.jobId}`);
    expect(loansDone.failures).toEqual([
      { index: 0, customerId: 'bs-4', loanId: 'L-\uFFFD', message: `400: id: ${unpaired}` },
    ]);
  });

  it('a batch row whose id is too long fails alone, reported without echoing the id (the job stays within the contract)', async () => {
    const { apiKey } = await suite.t.company();
    const submitted = await suite.t.call('POST', '/customers/batch', {
      key: apiKey,
      body: { customers: [validCustomer('i'.repeat(300)), validCustomer('ok-id')] },
    });
    const job = await waitForJob(suite.t, apiKey, `/customers/batch/${submitted.body.jobId}`);
    expect(job.failures).toEqual([
      { index: 0, customerId: null, message: '400: id: must NOT have more than 255 characters' },
    ]);
  });

  it('an error listing thousands of problems is cut to 2,000 characters, within the contract', async () => {
    const body = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`unknown${i}`, i]));
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      headers: { 'Idempotency-Key': 'many-fields' },
      body: { scheduleMode: 'enroll', ...body },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail.message).toHaveLength(2000);
    expect(res.body.detail.message.endsWith('…')).toBe(true);
  });

  describe('inputs that decide which calling rules apply', () => {
    it('PUT /customers/{id} with state ZZ (or lowercase) is 400 listing the allowed codes', async () => {
      for (const state of ['ZZ', 'ny']) {
        const res = await suite.t.call('PUT', '/customers/base', { key, body: { state } });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^state: must be one of "AL", "AK", .*"PR", "VI", "GU", "MP", "AS"$/);
      }
      expect((await suite.t.call('PUT', '/customers/base', { key, body: { state: 'PR' } })).status).toBe(200);
    });

    it.each([
      [
        'a UK number',
        { phoneNumber: '+44 20 7183 8750' },
        /^phoneNumber "\+44 20 7183 8750" is not a number outreach can call: only numbers of US, PR, VI, GU, MP, AS are accepted$/,
      ],
      ['a Canadian number', { phoneNumber: '+1 416 555 0100' }, /^phoneNumber .* is not a number outreach can call/],
      [
        'a zone outside the US',
        { timezone: 'Europe/London' },
        /^timezone "Europe\/London" is not a time zone of a region outreach calls \(US, PR, VI, GU, MP, AS\)/,
      ],
      ['UTC', { timezone: 'UTC' }, /^timezone "UTC" is not a time zone of a region outreach calls/],
      [
        'a foreign rotation number in externalMetadata',
        { externalMetadata: { cell_phone: '+33 1 42 68 53 00' } },
        /^externalMetadata\.cell_phone .* is not a number outreach can call/,
      ],
      ['state ZZ', { state: 'ZZ' }, /^state: must be one of "AL"/],
    ])('POST /customers: %s is 400', async (_label, change, message) => {
      const res = await suite.t.call('POST', '/customers', { key, body: validCustomer('region-1', change) });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(message);
    });

    it("US zones by alias, territories' numbers and zones are accepted", async () => {
      const res = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('pr-1', { timezone: 'US/Eastern', phoneNumber: '+1 787 555 0100', state: 'PR' }),
      });
      expect(res.status).toBe(201);
      const guam = await suite.t.call('PUT', '/customers/pr-1', {
        key,
        body: { timezone: 'Pacific/Guam', phoneNumber: '+1 671 555 0100' },
      });
      expect(guam.status).toBe(200);
    });

    it('enrollment: a foreign number or zone is 422 naming the field', async () => {
      const base = {
        scheduleMode: 'enroll',
        taskType: 'PendingLoanNewLead',
        id: 'en-region',
        loanId: 'L-1',
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '(212) 736-5000',
        timezone: 'America/New_York',
      };
      const phone = await suite.t.call('POST', '/customers/schedule/sync', {
        key,
        headers: { 'Idempotency-Key': 'region-a' },
        body: { ...base, phoneNumber: '+44 20 7183 8750' },
      });
      expect(phone.status).toBe(422);
      expect(phone.body.detail.message).toMatch(/^phoneNumber .* is not a number outreach can call/);
      const zone = await suite.t.call('POST', '/customers/schedule/sync', {
        key,
        headers: { 'Idempotency-Key': 'region-b' },
        body: { ...base, timezone: 'Asia/Tokyo' },
      });
      expect(zone.status).toBe(422);
      expect(zone.body.detail.message).toMatch(/^timezone "Asia\/Tokyo" is not a time zone of a region outreach calls/);
    });

    it('an unknown loan taskType is 400 naming the allowed values, alone and in a batch row', async () => {
      const res = await suite.t.call('POST', '/loans', {
        key,
        body: { id: 'L-task', customerId: 'base', taskType: 'Nope' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(
        /^taskType "Nope" is not configured for this company; allowed values: .*PendingLoanNewLead/,
      );
      expect(
        (
          await suite.t.call('POST', '/loans', {
            key,
            body: { id: 'L-task', customerId: 'base', taskType: 'PendingLoanNewLead' },
          })
        ).status,
      ).toBe(201);

      const { apiKey } = await suite.t.company();
      expect((await suite.t.call('POST', '/customers', { key: apiKey, body: validCustomer('lt-1') })).status).toBe(201);
      const job = await suite.t.call('POST', '/loans/batch', {
        key: apiKey,
        body: {
          loans: [
            { id: 'A', customerId: 'lt-1', taskType: 'Nope' },
            { id: 'B', customerId: 'lt-1' },
          ],
        },
      });
      const done = await waitForJob(suite.t, apiKey, `/loans/batch/${job.body.jobId}`);
      expect(done).toMatchObject({ processed: 2, failed: 1 });
      expect(done.failures[0]).toMatchObject({
        index: 0,
        message: expect.stringMatching(/^400: taskType "Nope" is not configured/),
      });
    });
  });

  describe('rows that are not JSON objects fail alone in both batch kinds', () => {
    const junk = [1, 'text', null, [], true];
    it('customer batch', async () => {
      const { apiKey } = await suite.t.company();
      const submitted = await suite.t.call('POST', '/customers/batch', {
        key: apiKey,
        body: { customers: [...junk, validCustomer('nj-1')] },
      });
      expect(submitted.status).toBe(202);
      const job = await waitForJob(suite.t, apiKey, `/customers/batch/${submitted.body.jobId}`);
      expect(job).toMatchObject({ status: 'completed', processed: 6, failed: 5 });
      expect(job.failures.map((f: { index: number; message: string }) => [f.index, f.message])).toEqual(
        junk.map((_, i) => [i, '400: Each row must be a JSON object']),
      );
    });

    it('loan batch', async () => {
      const { apiKey } = await suite.t.company();
      expect((await suite.t.call('POST', '/customers', { key: apiKey, body: validCustomer('nj-1') })).status).toBe(201);
      const submitted = await suite.t.call('POST', '/loans/batch', {
        key: apiKey,
        body: { loans: [...junk, { id: 'L-1', customerId: 'nj-1' }] },
      });
      expect(submitted.status).toBe(202);
      const job = await waitForJob(suite.t, apiKey, `/loans/batch/${submitted.body.jobId}`);
      expect(job).toMatchObject({ status: 'completed', processed: 6, failed: 5 });
      expect(job.failures.map((f: { index: number; message: string }) => [f.index, f.message])).toEqual(
        junk.map((_, i) => [i, '400: Each row must be a JSON object']),
      );
    });
  });
});

describe("the contract's state codes", () => {
  it('are exactly the states and territories whose calling rules the scheduler applies', () => {
    const codes = (loadOpenApiDocument() as unknown as { components: { schemas: Record<string, { enum: string[] }> } })
      .components.schemas.UsStateCode.enum;
    expect(codes).toHaveLength(56);
    for (const code of codes) expect(normalizeState(code)).toBe(code);
    expect(stateZones('ZZ')).toEqual([]);
  });
});
