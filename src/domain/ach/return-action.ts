import {
  CHANGE_CODES,
  MAX_REPRESENTMENTS,
  REPRESENTMENT_WINDOW_DAYS,
  RETURN_CODES,
  type ReturnCategory,
} from './nacha-codes.js';

export type ActionCategory = ReturnCategory | 'correction' | 'debit_decline';

export interface ReturnAction {
  category: ActionCategory;
  retryAllowed: boolean;
  accountUnusable: boolean;
  authorizationRevoked: boolean;
  stopPayment: boolean;
  correctionApplied: boolean;
}

export interface ReturnFacts {
  returnCode: string | null;
  correctionCode: string | null;
  debitDecline: boolean;
  /** R01/R09 returns of this payment recorded before this one within the re-presentment window. */
  priorRepresentments: number;
  /** Days from the original entry's settlement (or payment) date to this return; null when unknown. */
  daysSinceOriginalEntry: number | null;
  /** The payment's method: a bank account can take corrections and authorization changes. */
  method: { isBankAccount: boolean; authorizationRevoked: boolean; unusable: boolean } | null;
}

/**
 * What a reported return, correction or decline means for further collection (NACHA semantics,
 * nacha-codes.ts). Pure: the caller supplies the history-derived facts.
 */
export function returnAction(f: ReturnFacts): ReturnAction {
  const category: ActionCategory = f.returnCode
    ? RETURN_CODES[f.returnCode].category
    : f.correctionCode
      ? 'correction'
      : f.debitDecline
        ? 'debit_decline'
        : 'other';
  const corrects = f.correctionCode ? CHANGE_CODES[f.correctionCode].corrects : [];
  // A re-presentment needs a usable account and a live authorization, besides NACHA's count and window.
  const withinWindow = f.daysSinceOriginalEntry === null || f.daysSinceOriginalEntry <= REPRESENTMENT_WINDOW_DAYS;
  const methodBlocks = f.method !== null && (f.method.authorizationRevoked || f.method.unusable);
  return {
    category,
    retryAllowed: category === 'retry' && f.priorRepresentments < MAX_REPRESENTMENTS && withinWindow && !methodBlocks,
    accountUnusable: category === 'account_unusable',
    authorizationRevoked: category === 'authorization_revoked',
    stopPayment: category === 'stop_payment',
    correctionApplied: corrects.length > 0 && f.method?.isBankAccount === true,
  };
}
