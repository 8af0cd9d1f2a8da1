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
