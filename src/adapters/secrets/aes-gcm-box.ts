import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isSealed, type SecretBox, SecretUnreadableError } from '../../domain/ports/secrets.js';

const KEY_BYTES = 32;
const IV_BYTES = 12; // the size GCM is specified for (NIST SP 800-38D)

/** Reads a 32-byte key written as 64 hex digits or base64; undefined when the text is not one. */
export function parseKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  const b = Buffer.from(t, 'base64');
  return b.length === KEY_BYTES && /^[A-Za-z0-9+/]+={0,2}$/.test(t) ? b : undefined;
}

/**
 * AES-256-GCM (Node's crypto): `enc:v1:<iv>:<tag>:<ciphertext>`, base64url parts, with the context
 * as additional authenticated data. `key` is resolved on first use, so a process that never touches
 * a secret does not need one.
 */
export function aesGcmBox(key: () => Buffer): SecretBox {
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['enc', 'v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    open(sealed, context) {
      if (!isSealed(sealed)) throw new SecretUnreadableError('the value is not an encrypted envelope');
      const [, , iv, tag, body] = sealed.split(':');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch (err) {
        if (err instanceof SecretUnreadableError) throw err;
        throw new SecretUnreadableError('it was encrypted with another key (OUTREACH_CONFIG_KEY changed?)');
      }
    },
  };
}

/**
 * Where the configuration key comes from: OUTREACH_CONFIG_KEY when set; otherwise, for the embedded
 * default (a SQLite file), `config.key` beside the database file, generated on first use (mode 0600);
 * an in-memory SQLite database gets a key for the life of the process. Postgres without the variable
 * has no key: storing or using a secret then fails naming OUTREACH_CONFIG_KEY.
 */
export function configKeySource(envKey: Buffer | undefined, databaseUrl: string): () => Buffer {
  let key = envKey;
  return () => {
    if (key) return key;
    if (!databaseUrl.startsWith('sqlite:'))
      throw new SecretUnreadableError(
        'OUTREACH_CONFIG_KEY is not set (it is required to store or read secrets in company configuration on Postgres)',
      );
    const file = databaseUrl.slice('sqlite:'.length) || './data/outreach.db';
    if (file === ':memory:') return (key = randomBytes(KEY_BYTES));
    key = readOrCreateKeyFile(path.join(path.dirname(path.resolve(file)), 'config.key'));
    return key;
  };
}

function readOrCreateKeyFile(file: string): Buffer {
  try {
    const parsed = parseKey(fs.readFileSync(file, 'utf8'));
    if (!parsed) throw new SecretUnreadableError(`${file} does not hold a 32-byte key`);
    return parsed;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting together cannot both write a key; the loser reads the winner's.
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readOrCreateKeyFile(file);
}
