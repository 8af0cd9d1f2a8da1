import {
  type ConsentChannel,
  type ConsentEventRow,
  insertConsentEvents,
  listConsentEvents,
  type NewConsentEvent,
} from '../../store/consent/consent-events.js';
import { getCustomer, type CustomerRow } from '../borrowers/borrowers.js';
import type { CompanyContext } from '../shared/context.js';
import { InvalidInputError, NotFoundError, UnprocessableError } from '../shared/errors.js';
import { releaseHeldCalls } from '../scheduled-calls/scheduled-calls.js';
import { releaseHeldMessages } from '../scheduled-messages/scheduled-messages.js';
import { newId } from '../shared/ids.js';
import { customerNumbers, recordRevocation } from './ledger.js';
import { type ConsentBasis, consentAddress, consentSubject, latestEvent, unrecordedBasis } from './standing.js';

/** One grant or revocation a partner records (PUT /customers/{customerId}/consents). */
export interface ConsentInput {
  action: 'grant' | 'revoke';
  address: string;
  channel: ConsentChannel;
  type?: 'express' | 'express_written';
  source: string;
  capturedAt?: string;
  evidenceRef?: string | null;
}

/** The state of one address and channel now: what the next call or message would rely on. */
export interface CurrentConsent {
  address: string;
  channel: ConsentChannel;
  state: 'granted' | 'revoked' | 'not_recorded';
  basis: ConsentBasis | null;
  revokedAt: string | null;
  revocationSource: string | null;
}

export interface ConsentLedger {
  customerId: string;
  at: string;
  current: CurrentConsent[];
  events: Array<{
    id: string;
    action: 'grant' | 'revoke';
    address: string;
    channel: ConsentChannel;
    type: 'express' | 'express_written' | null;
    source: string;
    capturedAt: string;
    recordedAt: string;
    evidenceRef: string | null;
  }>;
}

/** A capture instant may be this far ahead of the service's clock (the partner's clock may run a little fast). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The customer's consent now, per number and channel (calls, texts) and email address, and every event of the ledger behind it. */
export async function readConsents(ctx: CompanyContext, customerId: string): Promise<ConsentLedger> {
  const customer = await customerOf(ctx, customerId);
  const addresses = addressesOf(customer);
  return ledgerOf(
    ctx,
    customer,
    addresses,
    await listConsentEvents(
      ctx.db,
      ctx.companyId,
      addresses.map((a) => a.address),
    ),
  );
}

/**
 * Appends the partner's grants and revocations to the ledger in one transaction, then answers as
 * readConsents. Each address must be one of the customer's; a revocation reaches the channels the
 * company's revocation scope names (recordRevocation). An event identical to one already in the
 * ledger is not appended again, so a repeated request changes nothing.
 */
export async function recordConsents(
  ctx: CompanyContext,
  customerId: string,
  inputs: readonly ConsentInput[],
): Promise<ConsentLedger> {
  // Written consent needs its evidence (47 CFR 64.1200(f)(9): a signed agreement): a grant of it
  // without capturedAt and evidenceRef is a bad request and records nothing.
  inputs.forEach((input, i) => {
    if (input.action === 'grant' && input.type === 'express_written' && (!input.capturedAt || !input.evidenceRef))
      throw new InvalidInputError(
        `events[${i}]: a grant of express_written consent needs capturedAt and evidenceRef (47 CFR 64.1200(f)(9))`,
      );
  });
  const customer = await customerOf(ctx, customerId);
  const addresses = addressesOf(customer);
  const checked = inputs.map((input, i) => check(ctx, addresses, input, i));
  await ctx.db.transaction(async (trx) => {
    const known = await listConsentEvents(
      trx,
      ctx.companyId,
      addresses.map((a) => a.address),
    );
    const recordedAt = ctx.now.toISOString();
    for (const e of checked) {
      if (
        known.some(
          (k) =>
            k.address === e.address &&
            k.channel === e.channel &&
            k.kind === e.action &&
            k.consentType === e.type &&
            k.source === e.source &&
            k.capturedAt === e.capturedAt &&
            k.evidenceRef === e.evidenceRef,
        )
      )
        continue;
      if (e.action === 'revoke') {
        await recordRevocation(trx, [ctx.companyId], {
          address: e.address,
          channel: e.channel,
          source: e.source,
          at: new Date(e.capturedAt),
          customerId,
          evidenceRef: e.evidenceRef,
        });
        continue;
      }
      const event: NewConsentEvent = {
        id: newId(),
        address: e.address,
        channel: e.channel,
        kind: 'grant',
        consentType: e.type,
        source: e.source,
        evidenceRef: e.evidenceRef,
        customerId,
        capturedAt: e.capturedAt,
        recordedAt,
      };
      await insertConsentEvents(trx, ctx.companyId, [event]);
    }
    // Consent arrived: the customer's calls held for it are planned again as usual (the dial-time
    // check decides each one; a revocation leaves nothing to release that it would allow).
    if (checked.some((e) => e.action === 'grant')) {
      await releaseHeldCalls(trx, ctx.companyId, [customerId], ctx.now.toISOString());
      // Texts and emails held for consent (New York City's, a "no data" reassigned-number answer) too.
      await releaseHeldMessages(trx, ctx.companyId, [customerId], ctx.now.toISOString());
    }
  });
  return readConsents(ctx, customerId);
}

async function customerOf(ctx: CompanyContext, customerId: string): Promise<CustomerRow> {
  const customer = await getCustomer(ctx.db, ctx.companyId, customerId);
  if (!customer) throw new NotFoundError(`Customer ${customerId} not found`);
  return customer;
}

function addressesOf(customer: CustomerRow): Array<{ address: string; channels: ConsentChannel[] }> {
  const phones = customerNumbers(customer).map((address) => ({
    address,
    channels: ['call', 'sms'] as ConsentChannel[],
  }));
  return customer.email ? [...phones, { address: consentAddress(customer.email), channels: ['email'] }] : phones;
}

function check(ctx: CompanyContext, addresses: ReturnType<typeof addressesOf>, input: ConsentInput, i: number) {
  const fail = (why: string) => {
    throw new UnprocessableError(`events[${i}]: ${why}`);
  };
  const address = consentAddress(input.address);
  const known = addresses.find((a) => a.address === address);
  if (!known) fail(`${input.address} is not one of the customer's numbers or email address`);
  if (!known!.channels.includes(input.channel))
    fail(`channel ${input.channel} does not apply to ${address} (numbers: call, sms; email addresses: email)`);
  if (input.action === 'grant' && !input.type) fail('a grant needs its consent type (express or express_written)');
  if (input.action === 'revoke' && input.type) fail('a revocation has no consent type');
  const capturedAt = input.capturedAt ? new Date(input.capturedAt) : ctx.now;
  if (Number.isNaN(capturedAt.getTime())) fail('capturedAt is not an instant');
  if (capturedAt.getTime() > ctx.now.getTime() + CLOCK_SKEW_MS) fail(`capturedAt ${input.capturedAt} is in the future`);
  return {
    action: input.action,
    address,
    channel: input.channel,
    type: input.type ?? null,
    source: input.source,
    capturedAt: capturedAt.toISOString(),
    evidenceRef: input.evidenceRef ?? null,
  };
}

function ledgerOf(
  ctx: CompanyContext,
  customer: CustomerRow,
  addresses: ReturnType<typeof addressesOf>,
  events: ConsentEventRow[],
): ConsentLedger {
  const taskType = customer.taskType ?? '';
  const purpose = ctx.config.taskTypes.find((t) => t.name === taskType)?.purpose ?? 'origination';
  const subject = consentSubject(customer, purpose);
  const current = addresses.flatMap(({ address, channels }) =>
    channels.map((channel): CurrentConsent => {
      const latest = latestEvent(events, address, channel, ctx.now);
      if (latest?.kind === 'revoke')
        return {
          address,
          channel,
          state: 'revoked',
          basis: null,
          revokedAt: latest.capturedAt,
          revocationSource: latest.source,
        };
      if (latest) {
        const basis: ConsentBasis = {
          origin: 'recorded',
          type: latest.consentType ?? 'express',
          source: latest.source,
          capturedAt: latest.capturedAt,
          evidenceRef: latest.evidenceRef,
          consentEventId: latest.id,
        };
        return { address, channel, state: 'granted', basis, revokedAt: null, revocationSource: null };
      }
      const basis = channel === 'email' ? null : unrecordedBasis(ctx.config, taskType, address, subject);
      if (!basis)
        return { address, channel, state: 'not_recorded', basis: null, revokedAt: null, revocationSource: null };
      return { address, channel, state: 'granted', basis, revokedAt: null, revocationSource: null };
    }),
  );
  return {
    customerId: customer.id,
    at: ctx.now.toISOString(),
    current,
    events: events.map((e) => ({
      id: e.id,
      action: e.kind,
      address: e.address,
      channel: e.channel,
      type: e.consentType,
      source: e.source,
      capturedAt: e.capturedAt,
      recordedAt: e.recordedAt,
      evidenceRef: e.evidenceRef,
    })),
  };
}
