import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { messageAllowedAt, planMessages } from './message-plan.js';
import type { CustomerContact } from './types.js';

const NOW = DateTime.fromISO('2026-12-08T15:00:00Z', { zone: 'utc' }); // Tuesday 10:00 New York
const customer: CustomerContact = { timezone: 'America/New_York', state: 'NY', phoneNumber: '+12127365000' };
const plan = (c: CustomerContact, steps = [{ id: 's', day: 0 }]) =>
  planMessages(steps, { customer: c, purpose: 'collections', loanId: 'L1' }, DEFAULT_SCHEDULER_CONFIG, NOW);

describe('planMessages / messageAllowedAt', () => {
  it.each([
    ['now, inside the window', [{ id: 'a', day: 0 }], '2026-12-08T15:00:00.000Z'],
    ['day 1 at 09:30 local', [{ id: 'a', day: 1, at: '09:30' }], '2026-12-09T14:30:00.000Z'],
    [
      '07:00 local moves to 08:00 (Reg F 1006.6(b)(1)(i))',
      [{ id: 'a', day: 1, at: '07:00' }],
      '2026-12-09T13:00:00.000Z',
    ],
    ['Sunday moves to Monday 08:00', [{ id: 'a', day: 5, at: '10:00' }], '2026-12-14T13:00:00.000Z'],
    ['offset after the day time', [{ id: 'a', day: 0, at: '10:00', offsetMinutes: 90 }], '2026-12-08T16:30:00.000Z'],
  ])('%s', (_name, steps, expected) => {
    expect(plan(customer, steps)[0].scheduledTime).toBe(expected);
  });

  it.each([
    ['Do Not Call does not stop messages (calls only)', { doNotCall: true }, true],
    [
      'a do_not_call restriction row does not stop messages',
      { restrictions: [{ kind: 'do_not_call' as const }] },
      true,
    ],
    ['a cease request stops every channel', { restrictions: [{ kind: 'cease_request' as const }] }, false],
    [
      'attorney representation stops every channel',
      { restrictions: [{ kind: 'attorney_representation' as const }] },
      false,
    ],
    ['bankruptcy stops every channel', { restrictions: [{ kind: 'bankruptcy' as const }] }, false],
    ['a restriction on another loan does not', { restrictions: [{ kind: 'bankruptcy' as const, loanId: 'L2' }] }, true],
  ])('%s', (_name, extra, allowed) => {
    expect(plan({ ...customer, ...extra })[0].scheduledTime !== null).toBe(allowed);
  });

  it('re-check at send time: 22:00 local is not allowed now, the next allowed time is 08:00 the next day', () => {
    const late = DateTime.fromISO('2026-12-09T03:00:00Z', { zone: 'utc' });
    const result = messageAllowedAt(late, { customer, purpose: 'collections' }, DEFAULT_SCHEDULER_CONFIG);
    expect(result.time).toBe('2026-12-09T13:00:00.000Z');
    expect(messageAllowedAt(NOW, { customer, purpose: 'collections' }, DEFAULT_SCHEDULER_CONFIG).time).toBe(
      '2026-12-08T15:00:00.000Z',
    );
  });
});
