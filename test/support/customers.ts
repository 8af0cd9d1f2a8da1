import type { CustomerFields } from '../../src/store/borrowers/customers.js';

/** A valid customer-create body (today's contract); also a valid customer-batch row. */
export function validCustomer(id = 'cust-1001', overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    timezone: 'America/New_York',
    phoneNumber: '(212) 736-5000',
    taskType: 'PendingLoanNewLead',
    email: 'ada@example.com',
    streetAddress1: '1 Main St',
    city: 'New York',
    state: 'NY',
    zipCode: '10001',
    ...overrides,
  };
}

/**
 * A customer's fields as the store writes them (`upsertCustomer`): a test customer in New York,
 * with no task type; `overrides` replace any of them.
 */
export function storedCustomer(overrides: Partial<CustomerFields> = {}): CustomerFields {
  return {
    firstName: 'P',
    lastName: 'N',
    email: null,
    birthday: '1990-01-02',
    ssnLastFour: null,
    language: null,
    timezone: 'America/New_York',
    phoneNumber: '+12125550100',
    streetAddress1: null,
    streetAddress2: null,
    city: null,
    state: 'NY',
    zipCode: null,
    doNotCall: false,
    isTest: true,
    taskType: null,
    externalMetadata: null,
    loanIds: null,
    ...overrides,
  };
}
