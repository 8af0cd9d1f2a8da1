import { phoneBook } from '../../scheduler/index.js';
import { type ConsentChannel, insertConsentEvents, type NewConsentEvent } from '../../store/consent/consent-events.js';
import { type CustomerRow, listCustomersByEmail } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import { type CompanyConfig, findCompanies } from '../shared/company-config.js';
import { newId } from '../shared/ids.js';
import { consentAddress } from './standing.js';

/** A revocation by any reasonable means: where it came from and when. */
export interface Revocation {
  address: string;
  /** The channel it came by (an SMS STOP: sms; a DNC request on a call: call; an unsubscribe link: email). */
  channel: ConsentChannel;
  source: string;
  at: Date;
  customerId?: string | null;
  evidenceRef?: string | null;
}

/** The numbers the ledger knows a customer by (the same list the scheduler dials from). */
export function customerNumbers(customer: Pick<CustomerRow, 'id' | 'phoneNumber' | 'externalMetadata'>): string[] {
  return [
    ...phoneBook(
      {
        id: customer.id,
        timezone: 'UTC',
        phoneNumber: customer.phoneNumber,
        externalMetadata: customer.externalMetadata,
      },
      new Map(),
    ).all,
  ];
}

/**
 * Records a revocation in each company, in the caller's transaction (the one that records the STOP,
 * the call outcome or the unsubscribe), so nothing can be dialed or sent in between: every later
 * dial-time and send-time check reads it. Scope per company (configuration consent.revocationScope):
 * by default a number's revocation stops its calls and texts, and an email address's also stops the
 * numbers of the company's customers with that address; `channel` keeps it to the channel it came by.
 */
export async function recordRevocation(db: Db, companyIds: readonly string[], r: Revocation): Promise<void> {
  const companies = await findCompanies(db, companyIds);
  for (const companyId of companyIds) {
    const config = companies.get(companyId)?.config;
    if (!config) continue;
    const targets = await revocationTargets(db, companyId, config, r);
    const at = r.at.toISOString();
    await insertConsentEvents(
      db,
      companyId,
      targets.map(({ address, channel }): NewConsentEvent => ({
        id: newId(),
        address,
        channel,
        kind: 'revoke',
        consentType: null,
        source: r.source,
        evidenceRef: r.evidenceRef ?? null,
        customerId: r.customerId ?? null,
        capturedAt: at,
        recordedAt: at,
      })),
    );
  }
}

async function revocationTargets(
  db: Db,
  companyId: string,
  config: CompanyConfig,
  r: Revocation,
): Promise<Array<{ address: string; channel: ConsentChannel }>> {
  const address = consentAddress(r.address);
  if (config.consent?.revocationScope === 'channel') return [{ address, channel: r.channel }];
  if (!address.includes('@'))
    return [
      { address, channel: 'call' },
      { address, channel: 'sms' },
    ];
  const numbers = new Set((await listCustomersByEmail(db, companyId, address)).flatMap(customerNumbers));
  return [
    { address, channel: 'email' },
    ...[...numbers].flatMap((n) => [
      { address: n, channel: 'call' as const },
      { address: n, channel: 'sms' as const },
    ]),
  ];
}

/** A grant that arrives by a channel (an SMS START), recorded in each company for that channel only. */
export async function recordGrant(
  db: Db,
  companyIds: readonly string[],
  g: {
    address: string;
    channel: ConsentChannel;
    type: 'express' | 'express_written';
    source: string;
    at: Date;
    evidenceRef: string | null;
  },
): Promise<void> {
  const at = g.at.toISOString();
  for (const companyId of companyIds) {
    await insertConsentEvents(db, companyId, [
      {
        id: newId(),
        address: consentAddress(g.address),
        channel: g.channel,
        kind: 'grant',
        consentType: g.type,
        source: g.source,
        evidenceRef: g.evidenceRef,
        customerId: null,
        capturedAt: at,
        recordedAt: at,
      },
    ]);
  }
}

/** The ledger's events, as the rules of calls and messages read them. */
export { type ConsentEventRow, listConsentEvents, listConsentEventsOf } from '../../store/consent/consent-events.js';
