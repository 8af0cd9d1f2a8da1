// Compile-time checks of the batch row types, run by test/api/batch-row-types.test.ts (and by `npm run
// typecheck`). Every `@ts-expect-error` must meet an error: a row type that collapsed to `unknown`
// would accept the line, and tsc would then report the directive as unused.
import type { components } from '../../generated/api-types.js';
import { createOutreachClient, type Schema } from '../../clients/typescript/src/index.js';

type Schemas = components['schemas'];

// openapi-typescript's types (generated/api-types.ts)
const customer: Schemas['CustomerBatchRow'] = {
  id: 'c-1',
  taskType: 'PendingLoanNewLead',
  firstName: 'Ada',
  phoneNumber: '(212) 736-5000',
};
const enrollment: Schemas['CustomerBatchRow'] = {
  idempotencyKey: 'row-1',
  id: 'c-1',
  loanId: 'l-1',
  taskType: 'PendingLoanNewLead',
};
const loan: Schemas['LoanBatchRow'] = { id: 'l-1', customerId: 'c-1', originationDate: '2026-12-01' };
// @ts-expect-error a misspelled field (firstNme) is no field of either customer row
const misspelled: Schemas['CustomerBatchRow'] = { id: 'c-1', taskType: 'PendingLoanNewLead', firstNme: 'Ada' };
// @ts-expect-error a string is not a customer row
const text: Schemas['CustomerBatchRow'] = 'c-1';
// @ts-expect-error 42 is not a loan row
const number: Schemas['LoanBatchRow'] = 42;
// @ts-expect-error a misspelled loan field (customerID)
const loanTypo: Schemas['LoanBatchRow'] = { id: 'l-1', customerID: 'c-1' };
// @ts-expect-error a loan job's results are always empty
const results: Schemas['LoanBatchJob']['results'] = [{ index: 0 }];
// @ts-expect-error oneOff is a boolean, even where replacement sync ignores it
const ignored: Schemas['ScheduleSyncReplaceRequest'] = { id: 'c-1', taskType: 'Collections', oneOff: 'yes' };

// The typed client (clients/typescript). openapi-fetch infers a call's options generically, so an
// object literal written inside a call is not checked for excess properties (of any body, not only
// rows); rows typed with the client's `Schema` are, and wrong row types fail inside calls too.
const clientRow: Schema<'CustomerBatchRow'> = { id: 'c-2', taskType: 'PendingLoanReturning' };
const clientTypo: Schema<'CustomerBatchRow'> = {
  id: 'c-1',
  taskType: 'PendingLoanNewLead',
  // @ts-expect-error a misspelled row (phoneNumbr)
  phoneNumbr: '(212) 736-5000',
};
// @ts-expect-error a misspelled loan row (customer_id)
const clientLoanTypo: Schema<'LoanBatchRow'> = { id: 'l-1', customer_id: 'c-1' };

export async function clientCalls(): Promise<void> {
  const outreach = createOutreachClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'ok_x' });
  await outreach.POST('/customers/batch', { body: { customers: [customer, enrollment, clientRow] } });
  await outreach.POST('/loans/batch', { body: { loans: [loan] } });
  // @ts-expect-error strings are not customer rows
  await outreach.POST('/customers/batch', { body: { customers: ['c-1', 'c-2'] } });
  // @ts-expect-error 42 is not a loan row
  await outreach.POST('/loans/batch', { body: { loans: [42] } });
  // @ts-expect-error a row without its required taskType
  await outreach.POST('/customers/batch', { body: { customers: [{ id: 'c-3' }] } });
}

export const rows = [
  customer,
  enrollment,
  loan,
  misspelled,
  text,
  number,
  loanTypo,
  results,
  ignored,
  clientTypo,
  clientLoanTypo,
];
