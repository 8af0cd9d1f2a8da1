import type { CustomerContact } from './types.js';

/** The five boroughs' names as an address may give them, lower-cased. */
const NYC_CITIES = new Set([
  'new york',
  'new york city',
  'nyc',
  'manhattan',
  'brooklyn',
  'bronx',
  'the bronx',
  'queens',
  'staten island',
]);

/**
 * ZIP prefixes served only by New York City post offices (Manhattan 100–102, Staten Island 103,
 * Bronx 104, Brooklyn 112, Queens 111/113/114/116). 110 is left out: it mixes Queens and Nassau
 * County, so such a customer is placed by city name alone.
 */
const NYC_ZIP_PREFIXES = new Set(['100', '101', '102', '103', '104', '111', '112', '113', '114', '116']);

/**
 * Cities with their own contact rules that the customer's address places them in. Queens
 * neighbourhood names (Flushing, Jamaica …) are not listed; a wrong yes only applies a tighter cap,
 * a wrong no a looser one, so a New York ZIP in the city's ranges is enough.
 */
export function customerLocalities(customer: Pick<CustomerContact, 'state' | 'city' | 'zipCode'>): string[] {
  if ((customer.state ?? '').trim().toUpperCase() !== 'NY') return [];
  const city = (customer.city ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  const zip = (customer.zipCode ?? '').trim();
  return NYC_CITIES.has(city) || NYC_ZIP_PREFIXES.has(zip.slice(0, 3)) ? ['NYC'] : [];
}
