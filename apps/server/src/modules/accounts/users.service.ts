import type { UserRow } from '../../db/schema.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import * as repo from './accounts.repository.js';

// Who a user is, for other modules (content access, certificates, package imports): found by id or
// e-mail, never with their password hash or second-factor secrets.

export interface UserIdentity {
  id: number;
  email: string;
  fullName: string;
  adminRole: number | null;
}

function identityOf(row: UserRow | undefined): UserIdentity | undefined {
  return row && { id: row.id, email: row.email, fullName: row.fullName, adminRole: row.adminRole };
}

export function createUsersService({ db }: { db: Db }) {
  return {
    /** `executor` reads inside the caller's transaction. */
    async findById(userId: number, executor: DbExecutor = db): Promise<UserIdentity | undefined> {
      return identityOf(await repo.findUserById(executor, userId));
    },

    /** E-mail addresses compare case-insensitively. */
    async findByEmail(email: string): Promise<UserIdentity | undefined> {
      return identityOf(await repo.findUserByEmail(db, email));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
