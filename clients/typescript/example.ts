// The README example: create a customer, read it back, list its scheduled calls.
// Run: OUTREACH_URL=http://127.0.0.1:3000 OUTREACH_API_KEY=ok_… npx tsx clients/typescript/example.ts
import { createOutreachClient } from './src/index.js';

const outreach = createOutreachClient({ baseUrl: process.env.OUTREACH_URL!, apiKey: process.env.OUTREACH_API_KEY! });

const created = await outreach.POST('/customers', {
  body: {
    id: 'cust-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    timezone: 'America/New_York',
    phoneNumber: '212-736-5000',
    taskType: 'PendingLoanNewLead',
    email: 'ada@example.com',
    streetAddress1: '1 Main St',
    city: 'New York',
    state: 'NY',
    zipCode: '10001',
  },
});
if (created.error) throw new Error(`create failed (${created.response.status}): ${JSON.stringify(created.error)}`);

const { data: customer } = await outreach.GET('/customers/{id}', { params: { path: { id: 'cust-1' } } });
console.log(`customer ${customer?.id}: ${customer?.firstName} ${customer?.lastName}, phone ${customer?.phoneNumber}`);

const calls = await outreach.GET('/scheduled-calls/customer/{customerId}', {
  params: { path: { customerId: 'cust-1' } },
});
console.log(`scheduled calls: ${JSON.stringify(calls.data)}`);

const missing = await outreach.GET('/customers/{id}', { params: { path: { id: 'nobody' } } });
console.log(`unknown customer: ${missing.response.status} ${JSON.stringify(missing.error)}`);
