import {
  addWebhookEndpoint,
  removeWebhookEndpoint,
  rotateWebhookEndpointSecret,
  webhookEndpoints,
} from '../domain/webhooks/endpoints.js';
import { redeliverWebhook, webhookDeliveryLog } from '../domain/webhooks/delivery-log.js';
import { presentWebhookDelivery } from '../http/presenters/webhooks.js';
import type { Writable } from 'node:stream';
import type { Db } from '../store/shared/db.js';
import { writeLine } from './cli-io.js';

export const WEBHOOK_USAGE = `  webhook add --company ID --url URL [--json]
                                          register an endpoint for every event; prints its signing secret once
  webhook list --company ID [--json]      list endpoints (and a rotation's end, if one is running)
  webhook remove --company ID --endpoint ID
                                          remove an endpoint (nothing more is sent to it)
  webhook rotate-secret --company ID --endpoint ID [--overlap-hours 24] [--json]
                                          new secret; the old one keeps signing too for the overlap
  webhook deliveries --company ID [--status pending|delivered|dead] [--endpoint ID] [--limit N] [--json]
                                          the delivery log, newest first
  webhook redeliver --company ID --delivery ID
                                          send a delivery again (same webhook-id and body)`;

export interface WebhookArgs {
  json: boolean;
  need(name: 'company' | 'url' | 'endpoint' | 'delivery'): string;
  status?: string;
  endpoint?: string;
  limit?: string;
  overlapHours?: string;
}

/** `outreach webhook …`; returns null for an unknown subcommand. */
export async function runWebhookCommand(
  db: Db,
  command: string,
  args: WebhookArgs,
  now: Date,
  stdout: Writable,
): Promise<number | null> {
  const print = (value: unknown, text: string) => writeLine(stdout, args.json ? JSON.stringify(value) : text);
  switch (command) {
    case 'webhook add': {
      const e = await addWebhookEndpoint(db, args.need('company'), args.need('url'), now);
      print(e, `endpoint ${e.id}  ${e.url}\nsigning secret ${e.secret}  (shown once; give it to the partner)`);
      return 0;
    }
    case 'webhook list': {
      const list = await webhookEndpoints(db, args.need('company'), now);
      print(
        list,
        list
          .map(
            (e) =>
              `${e.id}  ${e.url}  created ${e.createdAt}${e.previousSecretValidUntil ? `  rotating until ${e.previousSecretValidUntil}` : ''}`,
          )
          .join('\n'),
      );
      return 0;
    }
    case 'webhook remove':
      await removeWebhookEndpoint(db, args.need('company'), args.need('endpoint'));
      writeLine(stdout, 'removed');
      return 0;
    case 'webhook rotate-secret': {
      const hours = args.overlapHours === undefined ? 24 : Number(args.overlapHours);
      const e = await rotateWebhookEndpointSecret(db, args.need('company'), args.need('endpoint'), now, hours);
      print(
        e,
        `new signing secret ${e.secret}  (shown once); the old one also signs until ${e.previousSecretValidUntil ?? 'now'}`,
      );
      return 0;
    }
    case 'webhook deliveries': {
      const limit = args.limit === undefined ? undefined : Number(args.limit);
      const log = (
        await webhookDeliveryLog(db, args.need('company'), { status: args.status, endpointId: args.endpoint, limit })
      ).map(presentWebhookDelivery);
      print(
        log,
        log
          .map(
            (d) =>
              `${d.id}  ${d.eventType}  ${d.status}  attempts ${d.attempts}  last ${d.lastStatusCode ?? d.lastError ?? '-'}  created ${d.createdAt}`,
          )
          .join('\n'),
      );
      return 0;
    }
    case 'webhook redeliver':
      await redeliverWebhook(db, args.need('company'), args.need('delivery'), now);
      writeLine(stdout, 'queued for delivery');
      return 0;
    default:
      return null;
  }
}
