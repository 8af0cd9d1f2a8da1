/**
 * NACHA return reason codes and notification-of-change (NOC) codes, as data.
 *
 * Source: NACHA Operating Rules, Appendix Four (Return Entries, Table of Return Reason Codes) and
 * Appendix Five (Notification of Change, Table of Change Codes); re-presentment limit from
 * the rule Reinitiation of Returned Entries (at most two reinitiations of an entry
 * returned R01/R09, within 180 days of the original entry's settlement date).
 *
 * The partner contract accepts R01–R29; R51 is accepted too because it is an authorization
 * return (docs/partners/ach.md#nacha-codes). Any other code is rejected (400) rather than recorded with unknown meaning.
 */

/** What a return means for further collection on the payment method. */
export type ReturnCategory = 'retry' | 'account_unusable' | 'authorization_revoked' | 'stop_payment' | 'other';

export interface ReturnCode {
  description: string;
  category: ReturnCategory;
}

export const RETURN_CODES: Readonly<Record<string, ReturnCode>> = {
  R01: { description: 'Insufficient funds', category: 'retry' },
  R02: { description: 'Account closed', category: 'account_unusable' },
  R03: { description: 'No account / unable to locate account', category: 'account_unusable' },
  R04: { description: 'Invalid account number structure', category: 'account_unusable' },
  R05: {
    description: 'Unauthorized debit to consumer account using corporate SEC code',
    category: 'authorization_revoked',
  },
  R06: { description: "Returned per ODFI's request", category: 'other' },
  R07: { description: 'Authorization revoked by customer', category: 'authorization_revoked' },
  R08: { description: 'Payment stopped', category: 'stop_payment' },
  R09: { description: 'Uncollected funds', category: 'retry' },
  R10: {
    description: 'Customer advises originator is not known to receiver and/or is not authorized to debit the account',
    category: 'authorization_revoked',
  },
  R11: {
    description: 'Customer advises entry not in accordance with the terms of the authorization',
    category: 'authorization_revoked',
  },
  R12: { description: 'Account sold to another DFI', category: 'other' },
  R13: { description: 'Invalid ACH routing number', category: 'other' },
  R14: { description: 'Representative payee deceased or unable to continue in that capacity', category: 'other' },
  R15: { description: 'Beneficiary or account holder (other than a representative payee) deceased', category: 'other' },
  R16: { description: 'Account frozen / entry returned per OFAC instruction', category: 'account_unusable' },
  R17: {
    description:
      'File record edit criteria / entry with invalid account number initiated under questionable circumstances',
    category: 'other',
  },
  R18: { description: 'Improper effective entry date', category: 'other' },
  R19: { description: 'Amount field error', category: 'other' },
  R20: { description: 'Non-transaction account', category: 'account_unusable' },
  R21: { description: 'Invalid company identification', category: 'other' },
  R22: { description: 'Invalid individual ID number', category: 'other' },
  R23: { description: 'Credit entry refused by receiver', category: 'other' },
  R24: { description: 'Duplicate entry', category: 'other' },
  R25: { description: 'Addenda error', category: 'other' },
  R26: { description: 'Mandatory field error', category: 'other' },
  R27: { description: 'Trace number error', category: 'other' },
  R28: { description: 'Routing number check digit error', category: 'other' },
  R29: { description: 'Corporate customer advises not authorized', category: 'authorization_revoked' },
  R51: {
    description: 'Item related to RCK entry is ineligible or RCK entry is improper',
    category: 'authorization_revoked',
  },
};

/** A corrected value a NOC carries that this service can apply to the stored bank account. */
export type CorrectedField = 'accountNumber' | 'routingNumber';

export interface ChangeCode {
  description: string;
  /** Fields the correction replaces on the payment method (empty: recorded only, nothing we store changes). */
  corrects: CorrectedField[];
}

export const CHANGE_CODES: Readonly<Record<string, ChangeCode>> = {
  C01: { description: 'Incorrect DFI account number', corrects: ['accountNumber'] },
  C02: { description: 'Incorrect routing number', corrects: ['routingNumber'] },
  C03: {
    description: 'Incorrect routing number and incorrect DFI account number',
    corrects: ['routingNumber', 'accountNumber'],
  },
  C04: { description: 'Incorrect individual name / receiving company name', corrects: [] },
  C05: { description: 'Incorrect transaction code', corrects: [] },
  C06: { description: 'Incorrect DFI account number and incorrect transaction code', corrects: ['accountNumber'] },
  C07: {
    description: 'Incorrect routing number, incorrect DFI account number and incorrect transaction code',
    corrects: ['routingNumber', 'accountNumber'],
  },
  C08: { description: 'Incorrect receiving DFI identification (IAT only)', corrects: [] },
  C09: { description: 'Incorrect individual identification number', corrects: [] },
  C10: { description: 'Incorrect company name', corrects: [] },
  C11: { description: 'Incorrect company identification', corrects: [] },
  C12: { description: 'Incorrect company name and company identification', corrects: [] },
  C13: { description: 'Addenda format error', corrects: [] },
};

/** Reinitiations allowed after an R01/R09 return, and the window they must fall in (Nacha Operating Rules, Reinitiation of Returned Entries). */
export const MAX_REPRESENTMENTS = 2;
export const REPRESENTMENT_WINDOW_DAYS = 180;

/** Risk-tracking windows (service policy, reported with every return-history record). */
export const METHOD_RISK_WINDOW_DAYS = 60;
export const CUSTOMER_RISK_WINDOW_DAYS = 180;
