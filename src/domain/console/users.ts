import { findConsoleUserByEmail, insertConsoleUser, type ConsoleRole } from '../../store/console/users.js';
import type { Db } from '../shared/context.js';
import { findCompany } from '../shared/company-config.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords.js';

export type { ConsoleRole };
export const CONSOLE_ROLES: readonly ConsoleRole[] = ['viewer', 'operator'];

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates a console user of a company (`outreach user create`); the email signs in to that company only. */
export async function createConsoleUser(
  db: Db,
  companyId: string,
  input: { email: string; role: string; password: string },
  now: Date,
): Promise<{ userId: string; email: string; role: ConsoleRole }> {
  const email = normalizeEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    throw new InvalidInputError(`"${input.email}" is not an email address`);
  if (!CONSOLE_ROLES.includes(input.role as ConsoleRole))
    throw new InvalidInputError(`--role must be viewer or operator, got "${input.role}"`);
  if (input.password.length < MIN_PASSWORD_LENGTH)
    throw new InvalidInputError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  if (!(await findCompany(db, companyId))) throw new NotFoundError(`Company ${companyId} not found`);
  if (await findConsoleUserByEmail(db, email))
    throw new ConflictError(`A console user with email ${email} already exists`);
  const userId = newId();
  const role = input.role as ConsoleRole;
  await insertConsoleUser(db, companyId, {
    id: userId,
    email,
    role,
    passwordHash: await hashPassword(input.password),
    createdAt: now.toISOString(),
  });
  return { userId, email, role };
}
