import { randomBytes } from 'node:crypto';
import type { Db } from '../../store/shared/db.js';
import { findCompany } from '../shared/company-config.js';
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  type WebhookEndpointRow,
} from '../../store/webhooks/webhooks.js';
import { InvalidInputError, NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';

/** Standard Webhooks secrets: `whsec_` + base64 of 32 random bytes. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface EndpointView {
  id: string;
  url: string;
  createdAt: string;
  /** Until when the previous secret still signs (during a rotation), else null. */
  previousSecretValidUntil: string | null;
}

function view(e: WebhookEndpointRow, nowMs: number): EndpointView {
  const rotating = e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt > nowMs;
  return {
    id: e.id,
    url: e.url,
    createdAt: e.createdAt,
    previousSecretValidUntil: rotating ? new Date(e.previousSecretExpiresAt!).toISOString() : null,
  };
}

function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidInputError(`"${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new InvalidInputError('A webhook URL must be http:// or https://');
  if (parsed.username || parsed.password)
    throw new InvalidInputError('A webhook URL must not carry credentials; verify the signature instead');
  return parsed.toString();
}

async function requireCompany(db: Db, companyId: string): Promise<void> {
  if (!(await findCompany(db, companyId))) throw new NotFoundError(`Company ${companyId} not found`);
}

/** Registers an endpoint for every event of the company; the secret is shown once (to the operator). */
export async function addWebhookEndpoint(
  db: Db,
  companyId: string,
  url: string,
  now: Date,
): Promise<EndpointView & { secret: string }> {
  await requireCompany(db, companyId);
  const row: WebhookEndpointRow = {
    id: newId(),
    companyId,
    url: checkUrl(url),
    secret: newSecret(),
    previousSecret: null,
    previousSecretExpiresAt: null,
    createdAt: now.toISOString(),
  };
  await insertWebhookEndpoint(db, row);
  return { ...view(row, now.getTime()), secret: row.secret };
}

export async function webhookEndpoints(db: Db, companyId: string, now: Date): Promise<EndpointView[]> {
  await requireCompany(db, companyId);
  return (await listWebhookEndpoints(db, companyId)).map((e) => view(e, now.getTime()));
}

/** Removes the endpoint and its delivery log; nothing more is sent to it. */
export async function removeWebhookEndpoint(db: Db, companyId: string, endpointId: string): Promise<void> {
  if ((await deleteWebhookEndpoint(db, companyId, endpointId)) === 0)
    throw new NotFoundError(`Webhook endpoint ${endpointId} not found in company ${companyId}`);
}

/**
 * A new secret signs from now on; the old one keeps signing too (both signatures are sent) for
 * `overlapHours`, so the partner can switch without missing a verification.
 */
export async function rotateWebhookEndpointSecret(
  db: Db,
  companyId: string,
  endpointId: string,
  now: Date,
  overlapHours = 24,
): Promise<EndpointView & { secret: string }> {
  if (!Number.isFinite(overlapHours) || overlapHours < 0 || overlapHours > 24 * 30)
    throw new InvalidInputError('The overlap must be 0 to 720 hours');
  const secret = newSecret();
  if ((await rotateWebhookSecret(db, companyId, endpointId, secret, now.getTime() + overlapHours * 3_600_000)) === 0) {
    throw new NotFoundError(`Webhook endpoint ${endpointId} not found in company ${companyId}`);
  }
  return { ...view((await getWebhookEndpoint(db, companyId, endpointId))!, now.getTime()), secret };
}
