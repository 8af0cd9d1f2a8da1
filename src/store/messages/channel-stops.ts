import type { Db } from '../shared/db.js';

/** Per-company stop lists of the message channels: suppressed email addresses and SMS opt-outs. */

export async function suppressEmail(
  db: Db,
  companyId: string,
  address: string,
  reason: 'hard_bounce' | 'opt_out',
  detail: string | null,
  at: string,
): Promise<void> {
  await db('email_suppressions')
    .insert({
      company_id: companyId,
      address: address.toLowerCase(),
      reason,
      detail: detail?.slice(0, 500) ?? null,
      created_at: at,
    })
    .onConflict(['company_id', 'address'])
    .ignore();
}

export async function emailSuppression(
  db: Db,
  companyId: string,
  address: string,
): Promise<{ reason: string; detail: string | null } | null> {
  const row = await db<{ company_id: string; address: string; reason: string; detail: string | null }>(
    'email_suppressions',
  )
    .where({ company_id: companyId, address: address.toLowerCase() })
    .first();
  return row ? { reason: row.reason, detail: row.detail } : null;
}

/** Opts the number out in each company (an inbound STOP reaches the sender number several companies may share). */
export async function optOutSms(
  db: Db,
  companyIds: string[],
  phoneNumber: string,
  keyword: string,
  at: string,
): Promise<void> {
  if (companyIds.length === 0) return;
  await db('sms_opt_outs')
    .insert(companyIds.map((company_id) => ({ company_id, phone_number: phoneNumber, keyword, created_at: at })))
    .onConflict(['company_id', 'phone_number'])
    .ignore();
}

export async function optInSms(db: Db, companyIds: string[], phoneNumber: string): Promise<number> {
  if (companyIds.length === 0) return 0;
  return db('sms_opt_outs').whereIn('company_id', companyIds).andWhere({ phone_number: phoneNumber }).delete();
}

export async function smsOptOut(db: Db, companyId: string, phoneNumber: string): Promise<{ keyword: string } | null> {
  const row = await db<{ company_id: string; phone_number: string; keyword: string }>('sms_opt_outs')
    .where({ company_id: companyId, phone_number: phoneNumber })
    .first();
  return row ? { keyword: row.keyword } : null;
}
