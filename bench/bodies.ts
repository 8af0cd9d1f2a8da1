import { validCustomer } from '../test/support/customers.js';

// Request bodies the HTTP bench sends: a new customer, an enrollment of a new customer.

/** The customer the tests' `validCustomer` builds. */
export const customerBody = (id: string) => JSON.stringify(validCustomer(id));

export const enrollmentBody = (id: string, i: number) =>
  JSON.stringify({
    scheduleMode: 'enroll',
    taskType: 'PendingLoanNewLead',
    id,
    loanId: `loan-${id}`,
    firstName: 'Bench',
    lastName: `Customer ${i}`,
    phoneNumber: `+1212555${String(1000 + (i % 9000)).padStart(4, '0')}`,
    timezone: 'America/New_York',
    daysInApplied: i % 30,
  });
