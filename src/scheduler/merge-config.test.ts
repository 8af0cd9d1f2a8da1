import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { compileConfig } from './compile-config.js';
import { mergeSchedulerConfig } from './merge-config.js';
import { planEnrollment } from './plan.js';

describe('mergeSchedulerConfig', () => {
  it('returns the defaults without overrides, and the defaults compile', () => {
    expect(mergeSchedulerConfig(undefined)).toBe(DEFAULT_SCHEDULER_CONFIG);
    const compiled = compileConfig(DEFAULT_SCHEDULER_CONFIG);
    expect([...compiled.taskTypes.keys()]).toEqual(['PendingLoanNewLead', 'PendingLoanReturning', 'Collections']);
    expect(compiled.adjustments).toEqual([]);
  });

  it('merges limits by key and replaces task types by name', () => {
    const merged = mergeSchedulerConfig({
      limits: { regFMaxAttemptsPer7Days: 5 },
      taskTypes: {
        PendingLoanNewLead: {
          purpose: 'origination',
          cadence: { id: 'short', steps: [{ id: 'only' }] },
          transfer: [],
        },
      },
    });
    expect(merged.limits).toEqual({ regFMaxAttemptsPer7Days: 5 });
    expect(Object.keys(merged.taskTypes)).toEqual(['PendingLoanNewLead', 'PendingLoanReturning', 'Collections']);
    const result = planEnrollment(
      { taskType: 'PendingLoanNewLead', customer: { timezone: 'America/New_York', phoneNumber: '+12125550100' } },
      merged,
      DateTime.fromISO('2026-03-10T14:00:00Z'),
    );
    expect(result.ok && result.calls.map((c) => [c.step, c.transferDestination])).toEqual([
      ['only', 'voicemail:callback-request'],
    ]);
  });

  it('cannot loosen a rule through an override', () => {
    const merged = mergeSchedulerConfig({ callingWindow: { start: '07:00', end: '22:00' } });
    const compiled = compileConfig(merged);
    expect(compiled.effective.callingWindow).toEqual({ startMin: 480, endMin: 1260 });
    expect(compiled.adjustments.map((a) => a.field)).toEqual(['callingWindow']);
  });
});
