import type { CustomerContact } from './types.js';

const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * E.164 form of a phone number, or undefined. Stored customer numbers are already E.164; the
 * externalMetadata ones are free-form, so 10-digit and 1+10-digit US forms are accepted too.
 */
export function canonicalPhone(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  if (E164.test(raw)) return raw;
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return E164.test(`+${digits}`) ? `+${digits}` : undefined;
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return undefined;
}

export interface PhoneBook {
  /** Every known number in rotation order: phoneNumber, mobilePhone, cell_phone, home_phone. */
  readonly all: readonly string[];
  /** `all` minus unusable numbers. */
  readonly usable: readonly string[];
  readonly primary: string | undefined;
  readonly mobile: string | undefined;
  /** Unusable number → why. */
  readonly unusable: ReadonlyMap<string, string>;
}

/** The customer's numbers, minus those marked unusable here or by a WRONG_NUMBER outcome. */
export function phoneBook(customer: CustomerContact, wrongNumbers: ReadonlyMap<string, string>): PhoneBook {
  const meta = customer.externalMetadata ?? {};
  const primary = canonicalPhone(customer.phoneNumber);
  const mobile = canonicalPhone(customer.mobilePhone);
  const ordered = [primary, mobile, canonicalPhone(meta['cell_phone']), canonicalPhone(meta['home_phone'])];
  const all: string[] = [];
  for (const phone of ordered) if (phone !== undefined && !all.includes(phone)) all.push(phone);

  const unusable = new Map<string, string>();
  for (const raw of customer.unusablePhones ?? []) {
    const phone = canonicalPhone(raw);
    if (phone !== undefined) unusable.set(phone, 'marked unusable on the customer');
  }
  for (const [phone, why] of wrongNumbers) if (!unusable.has(phone)) unusable.set(phone, why);
  const usable = all.filter((phone) => !unusable.has(phone));
  return { all, usable, primary, mobile, unusable };
}

/** Index in `usable` to start rotating from: the next usable number after the last one attempted. */
export function rotationStart(book: PhoneBook, lastAttemptedPhone: string | undefined): number {
  if (lastAttemptedPhone === undefined || book.usable.length === 0) return 0;
  const at = book.all.indexOf(lastAttemptedPhone);
  if (at < 0) return 0;
  for (let step = 1; step <= book.all.length; step++) {
    const index = book.usable.indexOf(book.all[(at + step) % book.all.length]);
    if (index >= 0) return index;
  }
  return 0;
}
