/**
 * US state / territory → the IANA zones in use somewhere in it (49 CFR part 71 time-zone
 * boundaries). Zones with identical rules are listed once per state (e.g. Indiana's Eastern
 * counties as America/New_York), since the planner compares zones by behaviour, not by name.
 */
const E = 'America/New_York';
const C = 'America/Chicago';
const M = 'America/Denver';
const P = 'America/Los_Angeles';

const STATE_ZONES: Record<string, readonly string[]> = {
  AL: [C],
  AK: ['America/Anchorage', 'America/Adak'],
  AZ: ['America/Phoenix', M],
  AR: [C],
  CA: [P],
  CO: [M],
  CT: [E],
  DE: [E],
  DC: [E],
  FL: [E, C],
  GA: [E],
  HI: ['Pacific/Honolulu'],
  ID: ['America/Boise', P],
  IL: [C],
  IN: [E, C],
  IA: [C],
  KS: [C, M],
  KY: [E, C],
  LA: [C],
  ME: [E],
  MD: [E],
  MA: [E],
  MI: [E, C],
  MN: [C],
  MS: [C],
  MO: [C],
  MT: [M],
  NE: [C, M],
  NV: [P, M],
  NH: [E],
  NJ: [E],
  NM: [M],
  NY: [E],
  NC: [E],
  ND: [C, M],
  OH: [E],
  OK: [C],
  OR: [P, M],
  PA: [E],
  RI: [E],
  SC: [E],
  SD: [C, M],
  TN: [C, E],
  TX: [C, M],
  UT: [M],
  VT: [E],
  VA: [E],
  WA: [P],
  WV: [E],
  WI: [C],
  WY: [M],
  PR: ['America/Puerto_Rico'],
  VI: ['America/St_Thomas'],
  GU: ['Pacific/Guam'],
  MP: ['Pacific/Saipan'],
  AS: ['Pacific/Pago_Pago'],
};

/** Normalized 2-letter state code, or undefined when absent or unknown. */
export function normalizeState(state: string | null | undefined): string | undefined {
  if (!state) return undefined;
  const code = state.trim().toUpperCase();
  return STATE_ZONES[code] ? code : undefined;
}

export function stateZones(state: string | undefined): readonly string[] {
  return (state && STATE_ZONES[state]) || [];
}
