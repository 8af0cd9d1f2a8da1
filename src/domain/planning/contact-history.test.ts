import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig } from '../shared/company-config.js';
import { historySince } from './contact-history.js';

const AT = new Date('2026-12-08T15:00:00.000Z');
const DAY = 86_400_000;

describe('historySince', () => {
  it('reads 60 days back by default: the floor, longer than every window of the default rules', () => {
    expect(historySince(defaultCompanyConfig(), AT)).toBe(new Date(AT.getTime() - 60 * DAY).toISOString());
  });

  it("reads back the whole of a company's longer quiet period after a conversation (from the compiled rules)", () => {
    const config = { ...defaultCompanyConfig(), scheduler: { limits: { regFQuietDaysAfterConversation: 90 } } };
    expect(historySince(config, AT)).toBe(new Date(AT.getTime() - 90 * DAY - 3_600_000).toISOString());
  });
});
