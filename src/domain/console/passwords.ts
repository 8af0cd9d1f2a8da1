import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Console passwords are hashed with scrypt (memory-hard: each guess costs 32 MiB and tens of
 * milliseconds), N = 2^15, r = 8, p = 1, a 16-byte random salt per user and a 32-byte key. The
 * parameters are stored with the hash so they can be raised later without invalidating old hashes.
 */
const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P);
  return `scrypt$${LOG_N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Compared against when the email is unknown, so a wrong email costs as much time as a wrong password. */
export const UNKNOWN_USER_HASH = `scrypt$${LOG_N}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_BYTES).toString('base64url')}`;

/** A generated password: 128 random bits, typeable. */
export function generatePassword(): string {
  return randomBytes(16).toString('base64url');
}

export const MIN_PASSWORD_LENGTH = 12;
