import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig } from '../shared/company-config.js';
import { schedulerConfigFor } from '../planning/scheduler-config.js';
import type { ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import { lastTransferFailed, verdictAt, type CallingState } from './call-rules.js';

/** Tuesday 2026-12-08 11:00 New York: the collections route (08:00–20:00) is open. */
const AT = new Date('2026-12-08T16:00:00Z');
const config = defaultCompanyConfig();
const call = {
  id: 'sc-2',
  purpose: 'collections',
  loanId: 'L1',
  phoneNumber: '+12125550100',
  taskType: 'Collections',
  transferDestination: 'queue:collections-agents',
  step: 'day2',
  createdAt: '2026-12-01T15:00:00.000Z',
} as ScheduledCallRow;
const state = (flags: string[][]): CallingState => ({
  contact: { id: 'c1', timezone: 'America/New_York', state: 'NY', phoneNumber: '+12125550100' },
  // Calls of other loans: the Reg F rules of L1 do not see them.
  history: flags.map((f, i) => ({ at: `2026-11-2${i}T15:00:00.000Z`, loanId: 'L0', purpose: 'collections', flags: f })),
  consents: [],
  reassigned: [],
  customer: { isTest: false, createdAt: '2026-11-01T15:00:00.000Z' },
});

describe('TRANSFER_FAILED: the next attempt follows the company fallback', () => {
  it('after a failed transfer the dial-time verdict transfers to transferFallback', () => {
    const verdict = verdictAt(config, call, state([['CONNECT', 'TRANSFER_FAILED']]), AT);
    expect(verdict).toMatchObject({
      kind: 'allowed',
      transferDestination: schedulerConfigFor(config).transferFallback,
    });
  });

  it('otherwise the route open at the time is used', () => {
    const verdict = verdictAt(config, call, state([['CONNECT', 'TRANSFER_FAILED'], ['NO_ANSWER']]), AT);
    expect(verdict).toMatchObject({ kind: 'allowed', transferDestination: 'queue:collections-agents' });
  });

  it('only the latest completed call decides; texts and calls without flags do not', () => {
    expect(lastTransferFailed([{ at: '2026-11-20T15:00:00Z', flags: ['TRANSFER_FAILED'] }], AT)).toBe(true);
    expect(
      lastTransferFailed(
        [
          { at: '2026-11-20T15:00:00Z', flags: ['TRANSFER_FAILED'] },
          { at: '2026-11-21T15:00:00Z', channel: 'sms' },
          { at: '2026-11-22T15:00:00Z', flags: [] },
        ],
        AT,
      ),
    ).toBe(true);
    expect(
      lastTransferFailed(
        [
          { at: '2026-11-20T15:00:00Z', flags: ['TRANSFER_FAILED'] },
          { at: '2026-11-21T15:00:00Z', flags: ['SUCCESSFUL_TRANSFER'] },
        ],
        AT,
      ),
    ).toBe(false);
  });
});
