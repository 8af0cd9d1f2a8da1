import { describe, expect, it } from 'vitest';
import { InvalidInputError } from './errors.js';
import { defaultCompanyConfig, parseCompanyConfig } from './company-config.js';
import { fillPaymentUrl, paymentUrlTemplateProblem } from './payment-link-url.js';

describe("the lender's payment page template", () => {
  it('fills every placeholder percent-encoded; an unknown value is empty', () => {
    expect(
      fillPaymentUrl('https://pay.example.com/l/{loanId}?a={amount}&c={customerId}&r={reference}', {
        customerId: 'cust 1&2',
        loanId: null,
        amount: '150.00',
        reference: 'abc',
      }),
    ).toBe('https://pay.example.com/l/?a=150.00&c=cust%201%262&r=abc');
  });

  it.each([
    ['https://pay.example.com/pay?loan={loanId}&amount={amount}', null],
    ['https://pay.example.com/{customerId}/{loanId}#{reference}', null],
    ['https://pay.example.com', null],
    ['http://pay.example.com/{loanId}', 'must use https'],
    [
      'https://{customerId}.pay.example.com/',
      'placeholders may stand only after the host (in the path, query or fragment)',
    ],
    ['https://pay.example.com:{amount}/', 'not a URL'],
    [
      'https://pay.example.com/{balance}',
      'unknown placeholder {balance}; allowed: {customerId}, {loanId}, {amount}, {reference}',
    ],
    ['https://pay.example.com/{loanId', 'an unmatched { or }'],
    ['https://user:pw@pay.example.com/', 'must not carry a user name or password'],
    ['pay.example.com/{loanId}', 'not a URL'],
  ])('%s: %s', (template, problem) => {
    expect(paymentUrlTemplateProblem(template)).toBe(problem);
  });
});

describe('company configuration paymentLinks', () => {
  const base = defaultCompanyConfig();
  const parse = (extra: object) => () => parseCompanyConfig({ ...base, ...extra });

  it('accepts a page, an expiry and a template after promises that uses {{paymentLink}}', () => {
    const config = parse({
      paymentLinks: {
        urlTemplate: 'https://pay.example.com/{loanId}',
        expiresInHours: 24,
        afterPromise: { channel: 'sms', template: 'pay' },
      },
      templates: { pay: { body: 'Pay: {{paymentLink}}' } },
    })();
    expect(config.paymentLinks?.expiresInHours).toBe(24);
  });

  it.each([
    [{ paymentLinks: { urlTemplate: 'http://pay.example.com/' } }, 'paymentLinks.urlTemplate: must use https'],
    [
      { paymentLinks: { urlTemplate: 'https://pay.example.com/', afterPromise: { channel: 'sms', template: 'nope' } } },
      'paymentLinks.afterPromise names unknown template "nope"',
    ],
    [
      {
        paymentLinks: { urlTemplate: 'https://pay.example.com/', afterPromise: { channel: 'sms', template: 'pay' } },
        templates: { pay: { body: 'Pay us.' } },
      },
      'template "pay" must use {{paymentLink}}',
    ],
    [
      {
        paymentLinks: { urlTemplate: 'https://pay.example.com/', afterPromise: { channel: 'email', template: 'pay' } },
        templates: { pay: { body: 'Pay: {{paymentLink}}' } },
      },
      'template "pay" is used for email and needs a subject',
    ],
    [
      { templates: { pay: { body: 'Pay: {{paymentLink}}' } } },
      'template "pay" uses {{paymentLink}} but paymentLinks is not configured',
    ],
  ])('refuses %j: %s', (extra, why) => {
    expect(parse(extra)).toThrow(new InvalidInputError(`Invalid company configuration: ${why}`));
  });

  it('refuses an expiry outside 1 to 720 hours', () => {
    expect(parse({ paymentLinks: { urlTemplate: 'https://pay.example.com/', expiresInHours: 721 } })).toThrow(
      InvalidInputError,
    );
  });
});
