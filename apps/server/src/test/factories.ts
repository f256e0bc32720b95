import { PlatformAdminRole } from '@coderoom/domain';
import type { UserRow } from '../db/schema.js';
import { insertUser, type UserPatch, updateUser } from '../modules/accounts/accounts.repository.js';
import { hashPassword } from '../platform/auth/password.js';
import type { Database } from '../platform/db/database.js';
import { uniqueEmail, VALID_PASSWORD } from './harness.js';

/** Inserts a real user row; the password is VALID_PASSWORD unless given. */
export async function buildUser(
  database: Database,
  overrides: { email?: string; password?: string; fullName?: string; admin?: boolean } & UserPatch = {},
): Promise<UserRow & { password: string }> {
  const { email, password = VALID_PASSWORD, fullName, admin, ...patch } = overrides;
  const row = await insertUser(database.db, {
    email: email ?? uniqueEmail('factory'),
    fullName: fullName ?? 'Factory User',
    passwordHash: await hashPassword(password),
    adminRole: admin ? PlatformAdminRole.SuperAdmin : null,
  });
  if (!row) throw new Error('buildUser: e-mail already taken');
  const updated = Object.keys(patch).length > 0 ? await updateUser(database.db, row.id, patch) : row;
  return { ...(updated ?? row), password };
}
