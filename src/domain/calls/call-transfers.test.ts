import { describe, expect, it } from 'vitest';
import type { TransferStep } from '../ports/voice-provider.js';
import { transferFlags } from './call-transfers.js';

const A = '+12025550100';
const B = 'sip:fallback@sandbox.invalid';
const steps = (...s: Array<[TransferStep, string | null]>) => s.map(([step, destination]) => ({ step, destination }));
const LIVE = ['CONNECT', 'LIVE_CONNECT', 'RPC'];

/** A completed call's transfer flags, from Retell's transfer events (one case per row of transferFlags). */
describe('transferFlags', () => {
  it.each([
    ['no transfer event: the flags stay as the outcome gave them', LIVE, steps(), LIVE],
    [
      'no transfer event: a flag the disconnection reason gave stays',
      [...LIVE, 'SUCCESSFUL_TRANSFER'],
      steps(),
      [...LIVE, 'SUCCESSFUL_TRANSFER'],
    ],
    [
      'bridged: SUCCESSFUL_TRANSFER',
      LIVE,
      steps(['started', A], ['bridged', A], ['ended', null]),
      [...LIVE, 'SUCCESSFUL_TRANSFER'],
    ],
    [
      'cancelled, none bridged: TRANSFER_FAILED',
      LIVE,
      steps(['started', A], ['cancelled', A]),
      [...LIVE, 'TRANSFER_FAILED'],
    ],
    [
      'cancelled, then bridged to another destination: FALLBACK_TRANSFER',
      LIVE,
      steps(['started', A], ['cancelled', A], ['started', B], ['bridged', B]),
      [...LIVE, 'FALLBACK_TRANSFER'],
    ],
    ['started with no outcome: none of the three', LIVE, steps(['started', A]), LIVE],
    [
      'the events win over the agent’s transfer_failed label and the reason’s flag',
      [...LIVE, 'TRANSFER_FAILED', 'SUCCESSFUL_TRANSFER'],
      steps(['started', A], ['bridged', A]),
      [...LIVE, 'SUCCESSFUL_TRANSFER'],
    ],
  ])('%s', (_name, flags, given, expected) => {
    expect(transferFlags(flags, given)).toEqual(expected);
  });
});
