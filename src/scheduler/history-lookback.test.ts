import { describe, expect, it } from 'vitest';
import { compileConfig, historyLookbackMs } from './compile-config.js';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { SEVEN_DAY_WINDOW_MS } from './rules/build-rules.js';
import type { AttemptPoint, RuleContext } from './rules/rule.js';
import { STATE_MARKETING_RULES } from './rules/catalog.js';
import type { SchedulerConfig } from './types.js';
import { DAY, HOUR, zoneClock } from './zone-clock.js';

// 23:30 in New York: a conversation late on a local day keeps its quiet period to the local midnight 7 days on, past 7 × 24 h.
const NOW = Date.parse('2026-03-03T04:30:00Z');
const config = (over: Partial<SchedulerConfig> = {}): SchedulerConfig => ({ ...DEFAULT_SCHEDULER_CONFIG, ...over });

/**
 * Ten attempts a minute apart starting `offsetMs` from now: calls of unknown purpose and loan (so every
 * cap counts them), each a conversation. Over every cap and in the quiet period while in reach, and
 * alone, so nothing more recent decides in its place.
 */
function burst(offsetMs: number): AttemptPoint[] {
  return Array.from({ length: 10 }, (_, j) => ({
    atMs: NOW + offsetMs + j * 60_000,
    loanId: undefined,
    purpose: undefined,
    conversation: true,
    planned: false,
    channel: 'call' as const,
  }));
}

/** Contexts in which every history-reading rule applies: collections in MA, WA and New York City, origination in each marketing state. */
const contexts = (attempts: AttemptPoint[]): RuleContext[] => [
  {
    zones: [zoneClock('America/New_York')!, zoneClock('America/Los_Angeles')!],
    states: ['MA', 'WA', 'NY'],
    localities: ['NYC'],
    purpose: 'collections',
    loanId: 'L1',
    attempts,
  },
  ...STATE_MARKETING_RULES.map((law): RuleContext => ({
    zones: [zoneClock('America/New_York')!],
    states: [law.state],
    purpose: 'origination',
    loanId: 'L2',
    attempts,
  })),
];

describe('the history the rules need (historyLookbackMs)', () => {
  it("is the longest lookback of the compiled rules: 7 days and a DST hour by default (Reg F's caps and quiet period)", () => {
    const rules = compileConfig(config()).rules;
    expect(historyLookbackMs(config())).toBe(Math.max(...rules.map((r) => r.lookbackMs)));
    expect(historyLookbackMs(config())).toBe(SEVEN_DAY_WINDOW_MS);
  });

  it("grows with a company's longer quiet period, past the 60 days once read for every company", () => {
    expect(historyLookbackMs(config({ limits: { regFQuietDaysAfterConversation: 90 } }))).toBe(90 * DAY + HOUR);
  });

  // The bound's proof: for any time from now on, every rule decides the same on the history read from
  // now − bound as on all of it, wherever the attempts sit before the bound. A rule that reads further
  // back than its declared lookback fails here.
  it.each([
    ['the defaults', config()],
    ['a 30-day quiet period', config({ limits: { regFQuietDaysAfterConversation: 30 } })],
  ])("bounds every rule's reading of history, with %s", (_, cfg) => {
    const bound = historyLookbackMs(cfg);
    const rules = compileConfig(cfg).rules.filter((r) => r.lookbackMs > 0);
    let decided = 0;
    for (let offset = -(bound + 3 * DAY); offset <= 0; offset += HOUR) {
      const all = burst(offset);
      const full = contexts(all);
      const bounded = contexts(all.filter((a) => a.atMs >= NOW - bound));
      for (const rule of rules) {
        for (let c = 0; c < full.length; c++) {
          if (!rule.applies(full[c])) continue;
          for (const t of [NOW, NOW + HOUR, NOW + 6 * HOUR, NOW + DAY]) {
            const verdict = rule.check(t, full[c]);
            if (!verdict.ok) decided++;
            expect(
              rule.check(t, bounded[c]),
              `${rule.id} at ${new Date(t).toISOString()}, attempts from ${offset / HOUR} h`,
            ).toEqual(verdict);
            if (rule.budget) expect(rule.budget(t, bounded[c]), `${rule.id} budget`).toEqual(rule.budget(t, full[c]));
          }
        }
      }
    }
    expect(decided).toBeGreaterThan(0); // the attempts in reach do block: the comparison is not vacuous
  });
});
