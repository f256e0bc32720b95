import { PlatformAdminRole } from '@coderoom/domain';
import { findUserByEmail, insertUser } from '../../modules/accounts/accounts.repository.js';
import { hashPassword } from '../../platform/auth/password.js';
import type { Database } from '../../platform/db/database.js';

export const DEMO_PASSWORD = 'Coderoom!2026';

export const DEMO_ACCOUNTS = [
  { email: 'learner@coderoom.dev', fullName: 'Lea Learner', adminRole: null },
  { email: 'author@coderoom.dev', fullName: 'Ada Author', adminRole: null },
  { email: 'admin@coderoom.dev', fullName: 'Sam Admin', adminRole: PlatformAdminRole.SuperAdmin },
] as const;

/** Creates the demo accounts that are missing; running it again changes nothing. */
export async function seedDemo(database: Database): Promise<{ created: string[] }> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(database.db, account.email)) continue;
    const row = await insertUser(database.db, {
      email: account.email,
      fullName: account.fullName,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      adminRole: account.adminRole,
    });
    if (row) created.push(account.email);
  }
  return { created };
}
