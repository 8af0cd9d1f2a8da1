import { describe, expect, it } from 'vitest';
import { areaCodeInfo, knownAreaCodes } from './area-codes.js';
import { plausibleZones } from './plausible-zones.js';
import { zoneClock } from './zone-clock.js';

const zonesOf = (tz: string | undefined, state: string | undefined, phone: string | undefined) =>
  plausibleZones(tz, state, phone, 2026)?.clocks.map((c) => c.name);

describe('plausible zones (area code vs timezone/state)', () => {
  it.each<[string, string | undefined, string, string[], string]>([
    ['America/New_York', 'NY', '+12125550100', ['America/New_York'], 'all agree'],
    ['America/New_York', 'NY', '+13125550100', ['America/New_York', 'America/Chicago'], 'Chicago area code'],
    ['America/Chicago', 'FL', '+18505550100', ['America/Chicago'], '850 spans Eastern and Central: agrees'],
    ['America/Detroit', 'MI', '+13135550100', ['America/Detroit'], 'Detroit behaves like New York'],
    ['America/Phoenix', 'AZ', '+14805550100', ['America/Phoenix'], 'Phoenix listed for 480'],
    [
      'America/Los_Angeles',
      'NY',
      '+12125550100',
      ['America/Los_Angeles', 'America/New_York'],
      'state and area code disagree',
    ],
    ['America/Denver', 'CO', '+14805550100', ['America/Denver'], '480 lists Denver (Navajo Nation) too'],
    ['America/New_York', undefined, '+18085550100', ['America/New_York', 'Pacific/Honolulu'], 'Hawaii number'],
    ['America/New_York', 'NY', '+442071838750', ['America/New_York'], 'non-NANP numbers add nothing'],
    ['America/New_York', 'NY', '+12005550100', ['America/New_York'], 'unknown area code adds nothing'],
  ])('%s / %s / %s → %j (%s)', (tz, state, phone, expected) => {
    expect(zonesOf(tz, state, phone)).toEqual(expected);
  });

  it('adds every zone of a disagreeing state', () => {
    expect(zonesOf('America/Los_Angeles', 'TX', undefined)).toEqual([
      'America/Los_Angeles',
      'America/Chicago',
      'America/Denver',
    ]);
  });

  it('falls back to the state when the timezone is unusable, and fails without any zone', () => {
    expect(zonesOf('Mars/Olympus', 'CO', undefined)).toEqual(['America/Denver']);
    expect(zonesOf('Mars/Olympus', undefined, undefined)).toBeUndefined();
  });

  it('applies the state of the dialed area code (Florida presumes residence by area code)', () => {
    expect(plausibleZones('America/New_York', 'NY', '+13055550100', 2026)?.states).toEqual(['NY', 'FL']);
  });

  it('names only valid IANA zones in the area-code table', () => {
    for (const code of knownAreaCodes()) {
      for (const zone of areaCodeInfo(code)!.zones) expect(zoneClock(zone), `${code} ${zone}`).toBeDefined();
    }
    expect(knownAreaCodes().length).toBeGreaterThan(300);
  });
});
