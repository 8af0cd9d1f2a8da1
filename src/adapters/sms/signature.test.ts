import { describe, expect, it } from 'vitest';
import { messagingSignature, verifyMessagingSignature } from './signature.js';

describe('X-Twilio-Signature', () => {
  // The example of Twilio's "Validating requests" documentation.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };

  it('matches the documented example', () => {
    expect(messagingSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('verifies only the exact URL, parameters and token', () => {
    const sig = messagingSignature('12345', url, params);
    expect(verifyMessagingSignature('12345', url, params, sig)).toBe(true);
    expect(verifyMessagingSignature('12346', url, params, sig)).toBe(false);
    expect(verifyMessagingSignature('12345', `${url}&x=1`, params, sig)).toBe(false);
    expect(verifyMessagingSignature('12345', url, { ...params, Digits: '1235' }, sig)).toBe(false);
    expect(verifyMessagingSignature('12345', url, params, undefined)).toBe(false);
    expect(verifyMessagingSignature('12345', url, params, 'short')).toBe(false);
  });
});
