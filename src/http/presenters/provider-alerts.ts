import { type AccountAlertRow, pausesDialing } from '../../domain/calls/refusals.js';
import type { components } from '../../../generated/api-types.js';

type Schemas = components['schemas'];

/** One alert, as `listProviderAlerts` and the `provider.alert` event's data show it. */
export function presentProviderAlert(a: AccountAlertRow): Schemas['ProviderAlert'] {
  return {
    id: a.id,
    provider: a.provider as Schemas['ProviderAlert']['provider'],
    kind: a.kind as Schemas['ProviderAlert']['kind'],
    detail: a.detail,
    provider_call_id: a.providerCallId,
    raised_at: a.raisedAt,
    status: a.resumedAt ? 'resumed' : 'open',
    resumed_at: a.resumedAt,
    resumed_by: a.resumedBy,
  };
}

/** GET /provider-alerts: newest first; paused while a voice account's alert is open (an SMS account's holds only texts). */
export function presentProviderAlerts(alerts: readonly AccountAlertRow[]): Schemas['ProviderAlerts'] {
  return { paused: alerts.some(pausesDialing), data: alerts.map(presentProviderAlert) };
}
