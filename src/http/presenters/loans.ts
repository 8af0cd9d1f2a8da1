import type { LoanRow } from '../../domain/loans/loans.js';
import type { components } from '../../../generated/api-types.js';

type Schemas = components['schemas'];

const num = (v: string | null) => (v === null ? null : Number(v));

/** The loan response body: every property present, decimals as JSON numbers. */
export function presentLoan(l: LoanRow): Schemas['Loan'] {
  return {
    id: l.id,
    customerId: l.customerId,
    type: l.type,
    applicationStatus: l.applicationStatus,
    servicingStatus: l.servicingStatus,
    originationDate: l.originationDate,
    startDate: l.startDate,
    dueDate: l.dueDate,
    chargeoffDate: l.chargeoffDate,
    totalBalance: num(l.totalBalance),
    amountDue: num(l.amountDue),
    originalFundedAmount: num(l.originalFundedAmount),
    originalTotalOwed: num(l.originalTotalOwed),
    interestRate: num(l.interestRate),
    apr: num(l.apr),
    payoffAmount: num(l.payoffAmount),
    totalPayoffAmount: num(l.totalPayoffAmount),
    balanceAtTransfer: num(l.balanceAtTransfer),
    preTransferPayments: num(l.preTransferPayments),
    chargeoffAmount: num(l.chargeoffAmount),
    paymentPlanMinPercentage: num(l.paymentPlanMinPercentage),
    paymentPlanMaxPercentage: num(l.paymentPlanMaxPercentage),
    isSettled: l.isSettled,
    autopayEnabled: l.autopayEnabled,
    isVisibleInBorrowerPortal: l.isVisibleInBorrowerPortal,
    daysPastDueAtBoarding: l.daysPastDueAtBoarding,
    daysSinceOriginationAtBoarding: l.daysSinceOriginationAtBoarding,
    externalLmsMetadata: l.externalLmsMetadata,
    portfolioId: l.portfolioId,
    taskType: l.taskType,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
  };
}
