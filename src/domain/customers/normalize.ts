import { getTimezonesForCountry } from 'countries-and-timezones';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { IANAZone } from 'luxon';
import zipToTz from 'zipcode-to-timezone';
import { InvalidInputError } from '../shared/errors.js';

/**
 * Where outreach may call: the regions whose calling rules the scheduler knows (US federal and state
 * rules, the state and area-code time-zone tables): the United States and the territories with US
 * state codes. Other numbers and zones, Canadian and Caribbean NANP numbers included, are rejected.
 */
export const OUTREACH_REGIONS = ['US', 'PR', 'VI', 'GU', 'MP', 'AS'] as const;
const REGION_LIST = OUTREACH_REGIONS.join(', ');

/** IANA names (current and alias) of the zones used in those regions, e.g. America/New_York, US/Eastern, Pacific/Guam. */
const OUTREACH_ZONES = new Set<string>(
  OUTREACH_REGIONS.flatMap((c) => (getTimezonesForCountry(c, { deprecated: true }) ?? []).map((z) => z.name)),
);

/** E.164 form of a phone number; US is the default region for numbers without a country code. */
export function requirePhone(field: string, value: string): string {
  const parsed = parsePhoneNumberFromString(value, 'US');
  if (!parsed || !parsed.isValid()) throw new InvalidInputError(`${field} "${value}" is not a valid phone number`);
  if (!(OUTREACH_REGIONS as readonly string[]).includes(parsed.country ?? '')) {
    throw new InvalidInputError(
      `${field} "${value}" is not a number outreach can call: only numbers of ${REGION_LIST} are accepted`,
    );
  }
  return parsed.number;
}

/**
 * The rotation numbers in externalMetadata (`cell_phone`, `home_phone`) are free-form, but one that
 * is a real number of another region would be dialed: rejected like phoneNumber. Text that is not a
 * phone number at all is kept and never dialed.
 */
export function requireOutreachMetadataPhones(metadata: Record<string, unknown> | undefined): void {
  for (const key of ['cell_phone', 'home_phone']) {
    const value = metadata?.[key];
    if (typeof value !== 'string') continue;
    const parsed = parsePhoneNumberFromString(value, 'US');
    if (parsed?.isValid() && !(OUTREACH_REGIONS as readonly string[]).includes(parsed.country ?? '')) {
      throw new InvalidInputError(
        `externalMetadata.${key} "${value}" is not a number outreach can call: only numbers of ${REGION_LIST} are accepted`,
      );
    }
  }
}

// luxon checks a zone by building an Intl.DateTimeFormat (~70 µs); batches check thousands of rows.
const knownZones = new Set<string>();

export function requireTimezone(field: string, value: string): string {
  if (knownZones.has(value)) return value;
  if (!IANAZone.isValidZone(value))
    throw new InvalidInputError(`${field} "${value}" is not an IANA time zone name (e.g. America/New_York)`);
  if (!OUTREACH_ZONES.has(value)) {
    throw new InvalidInputError(
      `${field} "${value}" is not a time zone of a region outreach calls (${REGION_LIST}), e.g. America/New_York`,
    );
  }
  knownZones.add(value);
  return value;
}

/** IANA zone of a US ZIP code (5 digits, or ZIP+4). */
export function timezoneFromZip(zipCode: string): string {
  const zip5 = /^(\d{5})(-\d{4})?$/.exec(zipCode.trim())?.[1];
  const tz = zip5 ? zipToTz.lookup(zip5) : null;
  if (!tz) throw new InvalidInputError(`zipCode "${zipCode}" cannot be resolved to a time zone`);
  return tz;
}

/** Accepts a boolean or its string form ("true"/"false"); anything else is undefined. */
export function booleanish(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}
