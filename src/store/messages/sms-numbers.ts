import type { Db } from '../shared/db.js';

/**
 * What the service knows of a number's texts in one company (`sms_numbers`): its looked-up line
 * type and whether it is unusable for texts; and the company's texts held after its SMS account
 * refused its credentials (`sms_holds`).
 */
export interface SmsNumber {
  lineType: string | null;
  carrierName: string | null;
  lookedUpAt: string | null;
  unusableCode: number | null;
  unusableReason: string | null;
  unusableAt: string | null;
}

interface SmsNumberColumns {
  company_id: string;
  phone_number: string;
  line_type: string | null;
  carrier_name: string | null;
  looked_up_at: string | Date | null;
  unusable_code: number | null;
  unusable_reason: string | null;
  unusable_at: string | Date | null;
}

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

export async function getSmsNumber(db: Db, companyId: string, phoneNumber: string): Promise<SmsNumber | null> {
  const row = await db<SmsNumberColumns>('sms_numbers')
    .where({ company_id: companyId, phone_number: phoneNumber })
    .first();
  return row
    ? {
        lineType: row.line_type,
        carrierName: row.carrier_name,
        lookedUpAt: iso(row.looked_up_at),
        unusableCode: row.unusable_code,
        unusableReason: row.unusable_reason,
        unusableAt: iso(row.unusable_at),
      }
    : null;
}

export async function recordLineType(
  db: Db,
  companyId: string,
  phoneNumber: string,
  lineType: string,
  carrierName: string | null,
  at: string,
): Promise<void> {
  await db('sms_numbers')
    .insert({
      company_id: companyId,
      phone_number: phoneNumber,
      line_type: lineType.slice(0, 32),
      carrier_name: carrierName?.slice(0, 200) ?? null,
      looked_up_at: at,
    })
    .onConflict(['company_id', 'phone_number'])
    .merge(['line_type', 'carrier_name', 'looked_up_at']);
}

/** Marks the number unusable for the company's texts; the first reason recorded is kept. */
export async function markSmsNumberUnusable(
  db: Db,
  companyId: string,
  phoneNumber: string,
  code: number | null,
  reason: string,
  at: string,
): Promise<void> {
  await db('sms_numbers')
    .insert({
      company_id: companyId,
      phone_number: phoneNumber,
      unusable_code: code,
      unusable_reason: reason.slice(0, 500),
      unusable_at: at,
    })
    .onConflict(['company_id', 'phone_number'])
    .merge(['unusable_code', 'unusable_reason', 'unusable_at'])
    .whereNull('sms_numbers.unusable_at');
}

export interface SmsHold {
  code: number;
  reason: string;
  heldAt: string;
  retryAt: string;
}

/** The SMS account a company's texts go through: its own Twilio account, the operator's, or the sandbox. */
export type SmsAccount = 'company' | 'operator' | 'sandbox';

export async function smsHold(db: Db, companyId: string, account: SmsAccount): Promise<SmsHold | null> {
  const row = await db<{
    company_id: string;
    account: string;
    code: number;
    reason: string;
    held_at: string | Date;
    retry_at: string | Date;
  }>('sms_holds')
    .where({ company_id: companyId, account })
    .first();
  return row ? { code: row.code, reason: row.reason, heldAt: iso(row.held_at)!, retryAt: iso(row.retry_at)! } : null;
}

/** Holds (or keeps holding) the company's texts until `retryAt`; `held_at` stays the first refusal's time. */
export async function holdSms(
  db: Db,
  companyId: string,
  account: SmsAccount,
  hold: { code: number; reason: string; at: string; retryAt: string },
): Promise<void> {
  await db('sms_holds')
    .insert({
      company_id: companyId,
      account,
      code: hold.code,
      reason: hold.reason.slice(0, 500),
      held_at: hold.at,
      retry_at: hold.retryAt,
    })
    .onConflict(['company_id', 'account'])
    .merge(['code', 'reason', 'retry_at']);
}

export async function releaseSmsHold(db: Db, companyId: string, account: SmsAccount): Promise<void> {
  await db('sms_holds').where({ company_id: companyId, account }).delete();
}
