import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { IANAZone } from 'luxon';
import zipToTz from 'zipcode-to-timezone';
import { InvalidInputError } from '../errors.js';

/** E.164 form of a phone number; US is the default region for numbers without a country code. */
export function requirePhone(field: string, value: string): string {
  const parsed = parsePhoneNumberFromString(value, 'US');
  if (!parsed || !parsed.isValid()) throw new InvalidInputError(`${field} "${value}" is not a valid phone number`);
  return parsed.number;
}

// luxon checks a zone by building an Intl.DateTimeFormat (~70 µs); batches check thousands of rows.
const knownZones = new Set<string>();

export function requireTimezone(field: string, value: string): string {
  if (knownZones.has(value)) return value;
  if (IANAZone.isValidZone(value)) knownZones.add(value);
  else throw new InvalidInputError(`${field} "${value}" is not an IANA time zone name (e.g. America/New_York)`);
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
