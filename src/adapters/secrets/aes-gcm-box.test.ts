import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig, type CompanyConfig } from '../../domain/shared/company-config.js';
import { MASK, maskSecrets, sealSecrets } from '../../domain/companies/config-secrets.js';
import { SecretUnreadableError } from '../../domain/ports/secrets.js';
import { aesGcmBox, configKeySource, parseKey } from './aes-gcm-box.js';

const KEY = Buffer.alloc(32, 7);
const box = aesGcmBox(() => KEY);
const withLms = (token: string): CompanyConfig => ({
  ...defaultCompanyConfig(),
  lms: { kind: 'loanpro', baseUrl: 'https://lms.example', instanceId: '5200776', token },
});

describe('AES-256-GCM secret box', () => {
  it('seals to a printable envelope that opens only with the same key and context', () => {
    const sealed = box.seal('tok-123', 'company-a/lms/token');
    expect(sealed).toMatch(/^enc:v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('tok-123');
    expect(box.open(sealed, 'company-a/lms/token')).toBe('tok-123');
    expect(() => box.open(sealed, 'company-b/lms/token')).toThrow(SecretUnreadableError);
    expect(() => aesGcmBox(() => Buffer.alloc(32, 8)).open(sealed, 'company-a/lms/token')).toThrow(
      SecretUnreadableError,
    );
  });

  it('reads keys written as hex or base64', () => {
    expect(parseKey(KEY.toString('hex'))).toEqual(KEY);
    expect(parseKey(KEY.toString('base64'))).toEqual(KEY);
    expect(parseKey('too-short')).toBeUndefined();
  });

  it('the embedded default generates config.key beside the SQLite file once, mode 0600', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-key-'));
    const key = configKeySource(undefined, `sqlite:${dir}/outreach.db`)();
    const file = path.join(dir, 'config.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(configKeySource(undefined, `sqlite:${dir}/outreach.db`)()).toEqual(key);
  });

  it('Postgres without OUTREACH_CONFIG_KEY has no key', () => {
    expect(() => configKeySource(undefined, 'postgres://x/y')()).toThrow(
      'OUTREACH_CONFIG_KEY is not set (it is required',
    );
  });
});

describe('company configuration secrets', () => {
  it('are stored sealed and printed masked', () => {
    const sealed = sealSecrets(box, 'co', withLms('tok-123'), undefined);
    expect(sealed.lms!.token).toMatch(/^enc:v1:/);
    expect(box.open(sealed.lms!.token, 'co/lms/token')).toBe('tok-123');
    expect(maskSecrets(sealed).lms!.token).toBe(MASK);
    expect(JSON.stringify(maskSecrets(sealed))).not.toContain(sealed.lms!.token);
  });

  it('a masked secret keeps the stored one; without a stored one it is refused', () => {
    const stored = sealSecrets(box, 'co', withLms('tok-123'), undefined);
    expect(sealSecrets(box, 'co', withLms(MASK), stored).lms!.token).toBe(stored.lms!.token);
    expect(() => sealSecrets(box, 'co', withLms(MASK), defaultCompanyConfig())).toThrow('/lms/token is the mask');
  });
});
