import type { Db } from '../shared/db.js';
import { readInstant, readText } from '../shared/columns.js';

/**
 * An alert on a company's provider account (`voice_account_alerts`): a voice account's (dialing
 * paused until resumed) or an SMS account's (texts held until the account accepts one again).
 */
export interface AccountAlertRow {
  id: string;
  companyId: string;
  /** The provider connection whose account it is: voice `live` or `sandbox`, SMS `sms_live` or `sms_sandbox`. */
  provider: string;
  kind: string;
  detail: string;
  providerCallId: string | null;
  raisedAt: string;
  resumedAt: string | null;
  resumedBy: string | null;
}

function alertFromRow(r: Record<string, unknown>): AccountAlertRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    provider: String(r.provider),
    kind: String(r.kind),
    detail: String(r.detail),
    providerCallId: readText(r.provider_call_id),
    raisedAt: readInstant(r.raised_at)!,
    resumedAt: readInstant(r.resumed_at),
    resumedBy: readText(r.resumed_by),
  };
}

/**
 * Opens an alert unless the company has an open one on that connection (the partial unique index decides, so
 * two writers at once open one): true when this one was opened.
 */
export async function openAccountAlert(
  db: Db,
  alert: Omit<AccountAlertRow, 'resumedAt' | 'resumedBy'>,
): Promise<boolean> {
  const inserted = await db('voice_account_alerts')
    .insert({
      id: alert.id,
      company_id: alert.companyId,
      provider: alert.provider,
      kind: alert.kind,
      detail: alert.detail.slice(0, 500),
      provider_call_id: alert.providerCallId,
      raised_at: alert.raisedAt,
    })
    .onConflict(db.raw('(company_id, provider) WHERE resumed_at IS NULL'))
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** The open alerts of these companies, keyed `companyId provider` (one read). */
export async function openAccountAlerts(db: Db, companyIds: readonly string[]): Promise<Map<string, AccountAlertRow>> {
  if (!companyIds.length) return new Map();
  const rows = await db('voice_account_alerts')
    .whereIn('company_id', [...new Set(companyIds)])
    .whereNull('resumed_at')
    .select('*');
  return new Map(
    rows.map((r: Record<string, unknown>) => [`${String(r.company_id)} ${String(r.provider)}`, alertFromRow(r)]),
  );
}

export async function getAccountAlert(db: Db, companyId: string, id: string): Promise<AccountAlertRow | null> {
  const row: Record<string, unknown> | undefined = await db<Record<string, unknown>>('voice_account_alerts')
    .where({ company_id: companyId, id })
    .first();
  return row ? alertFromRow(row) : null;
}

/** The company's alerts, newest first (open ones included). */
export async function listAccountAlerts(db: Db, companyId: string, limit: number): Promise<AccountAlertRow[]> {
  const rows = await db('voice_account_alerts')
    .where({ company_id: companyId })
    .orderBy([
      { column: 'raised_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('*');
  return rows.map((r: Record<string, unknown>) => alertFromRow(r));
}

/** Closes the company's open alerts on these connections, recording who and when; the alerts closed. */
export async function resumeAccountAlerts(
  db: Db,
  companyId: string,
  providers: readonly string[],
  by: string,
  at: string,
): Promise<AccountAlertRow[]> {
  const rows = await db('voice_account_alerts')
    .where({ company_id: companyId })
    .whereIn('provider', [...providers])
    .whereNull('resumed_at')
    .update({ resumed_at: at, resumed_by: by.slice(0, 200) })
    .returning('*');
  return rows.map((r: Record<string, unknown>) => alertFromRow(r));
}
