/** Request bodies the HTTP bench sends: a new customer, an enrollment of a new customer. */
export const customerBody = (id: string) =>
  JSON.stringify({
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
  });

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
