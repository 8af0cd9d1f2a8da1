import { describe, expect, it } from 'vitest';
import type { CustomerRow } from '../borrowers/borrowers.js';
import { render, templateData } from './templates.js';

const customer = {
  companyId: 'co',
  id: 'c1',
  firstName: 'Ana',
  ssnLastFour: '1234',
  loanIds: null,
} as unknown as CustomerRow;

describe('template data', () => {
  it("a promise's reminder reads the promise's amount and date; other messages have no promise", () => {
    const body = 'Hi {{customer.firstName}}, a reminder: ${{promise.amount}} by {{promise.promisedDate}}.';
    const data = templateData(customer, null, { amount: '150.00', promisedDate: '2026-12-11' });
    expect(render({ body }, data).text).toBe('Hi Ana, a reminder: $150.00 by 2026-12-11.');
    expect(templateData(customer, null)).not.toHaveProperty('promise');
    expect(templateData(customer, null)).not.toHaveProperty('customer.ssnLastFour');
  });
});
