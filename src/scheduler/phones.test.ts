import { describe, expect, it } from 'vitest';
import { canonicalPhone, phoneBook, rotationStart } from './phones.js';

describe('phone numbers', () => {
  it.each([
    ['+12125550100', '+12125550100'],
    ['(212) 555-0100', '+12125550100'],
    ['1-212-555-0100', '+12125550100'],
    ['+44 20 7183 8750', '+442071838750'],
    ['555-0100', undefined],
    ['', undefined],
    [42, undefined],
  ])('%s → %s', (raw, expected) => {
    expect(canonicalPhone(raw)).toBe(expected);
  });

  it('orders phoneNumber, mobilePhone, cell_phone, home_phone without duplicates', () => {
    const book = phoneBook(
      {
        timezone: 'America/New_York',
        phoneNumber: '+12125550100',
        mobilePhone: '212-555-0100',
        externalMetadata: { home_phone: '7185550100', cell_phone: '6465550100' },
        unusablePhones: ['(646) 555-0100'],
      },
      new Map([['+17185550100', 'WRONG_NUMBER outcome']]),
    );
    expect(book.all).toEqual(['+12125550100', '+16465550100', '+17185550100']);
    expect(book.usable).toEqual(['+12125550100']);
    expect(book.unusable.get('+17185550100')).toBe('WRONG_NUMBER outcome');
    expect(rotationStart(book, '+16465550100')).toBe(0);
  });
});
