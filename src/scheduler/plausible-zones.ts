import { areaCodeInfo, areaCodeOf } from './area-codes.js';
import { stateZones } from './state-zones.js';
import { zoneClock, type ZoneClock } from './zone-clock.js';

export interface PlausibleZones {
  /** The customer's own zone first, then every other zone the callee might be in. */
  readonly clocks: readonly ZoneClock[];
  /** The customer's state and the dialed area code's (see also customerStates). */
  readonly states: readonly string[];
  /** Why zones beyond the customer's were added, for explanations. */
  readonly notes: readonly string[];
}

const cache = new Map<string, PlausibleZones | null>();
const CACHE_LIMIT = 50_000;

/**
 * Zones a call to `phone` may land in. Sources agree when one of them lists a zone behaving
 * like the customer's; a disagreeing state or area code adds all of its zones, so a call is
 * placed only at times inside the window in every one of them.
 */
export function plausibleZones(
  timezone: string | undefined,
  state: string | undefined,
  phone: string | undefined,
  year: number,
): PlausibleZones | undefined {
  const area = areaCodeOf(phone);
  const key = `${timezone}|${state}|${area}|${year}`;
  let result = cache.get(key);
  if (result === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    result = resolve(timezone, state, area, year) ?? null;
    cache.set(key, result);
  }
  return result ?? undefined;
}

function resolve(
  timezone: string | undefined,
  state: string | undefined,
  area: string | undefined,
  year: number,
): PlausibleZones | undefined {
  const areaInfo = areaCodeInfo(area);
  const sources: Array<{ label: string; zones: readonly string[] }> = [];
  if (state) sources.push({ label: `state ${state}`, zones: stateZones(state) });
  if (areaInfo) sources.push({ label: `area code ${area} (${areaInfo.state})`, zones: areaInfo.zones });

  let primary = timezone ? zoneClock(timezone) : undefined;
  const notes: string[] = [];
  if (!primary) {
    // No usable customer zone: fall back to the first source that names one.
    for (const source of sources) {
      primary = source.zones.map(zoneClock).find((c) => c !== undefined);
      if (primary) {
        notes.push(`customer timezone ${timezone ?? '(none)'} unusable; using ${source.label}`);
        break;
      }
    }
  }
  if (!primary) return undefined;

  const clocks: ZoneClock[] = [primary];
  const signatures = new Set([primary.signature(year)]);
  for (const source of sources) {
    const candidates = source.zones.map(zoneClock).filter((c): c is ZoneClock => c !== undefined);
    if (candidates.length === 0) continue;
    const agrees = candidates.some((c) => c.signature(year) === primary.signature(year));
    if (agrees) continue;
    const added: string[] = [];
    for (const clock of candidates) {
      const signature = clock.signature(year);
      if (signatures.has(signature)) continue;
      signatures.add(signature);
      clocks.push(clock);
      added.push(clock.name);
    }
    if (added.length > 0) {
      notes.push(`${source.label} disagrees with ${primary.name}; also within the window in ${added.join(', ')}`);
    }
  }
  const states = [...new Set([state, areaInfo?.state].filter((s): s is string => !!s))];
  return { clocks, states, notes };
}

/**
 * States whose laws protect the customer: their state and the state of every number they use
 * (Florida, for one, presumes residence from the area code). A customer who may live in one of
 * them gets its rules on every call, whichever number is dialed.
 */
export function customerStates(state: string | undefined, phones: readonly string[]): string[] {
  const states = state ? [state] : [];
  for (const phone of phones) {
    const info = areaCodeInfo(areaCodeOf(phone));
    if (info && !states.includes(info.state)) states.push(info.state);
  }
  return states;
}
