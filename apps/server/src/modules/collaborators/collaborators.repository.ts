import type { CollaboratorAccess } from '@coderoom/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type CollaboratorRow, collectionCollaborators, users } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for collection_collaborators (0007_collaborators.sql; declared in db/schema.ts, as the studio's
// listing joins it too) and the user details it shows.

export type { CollaboratorRow };

const userDetailColumns = {
  userId: users.id,
  email: users.email,
  fullName: users.fullName,
  profilePicUrl: users.profilePicUrl,
};
export type UserDetailRow = { userId: number; email: string; fullName: string; profilePicUrl: string | null };
export type CollaboratorWithUserRow = CollaboratorRow & UserDetailRow;

/** The caller's role in one collection, if any: read on every content request that names a collection. */
/**
 * Read on every signed-in request that names a collection, so it is a named prepared statement built once
 * per database handle (PostgreSQL plans it once per connection; docs/performance.md).
 */
const preparedMembership = new WeakMap<DbExecutor, ReturnType<typeof prepareMembership>>();

function prepareMembership(db: DbExecutor) {
  return db
    .select()
    .from(collectionCollaborators)
    .where(
      and(
        eq(collectionCollaborators.collectionId, sql.placeholder('collectionId')),
        eq(collectionCollaborators.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('collaborators_membership');
}

export async function findMembership(
  db: DbExecutor,
  collectionId: number,
  userId: number,
): Promise<CollaboratorRow | undefined> {
  let prepared = preparedMembership.get(db);
  if (!prepared) {
    prepared = prepareMembership(db);
    preparedMembership.set(db, prepared);
  }
  const [row] = await prepared.execute({ collectionId, userId });
  return row;
}

export async function findUserDetailsById(
  db: DbExecutor,
  userId: number,
): Promise<UserDetailRow | undefined> {
  const [row] = await db.select(userDetailColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findUserDetailsByEmail(
  db: DbExecutor,
  email: string,
): Promise<UserDetailRow | undefined> {
  const [row] = await db
    .select(userDetailColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** Everyone on a collection, oldest first, with their user details. */
export async function listCollaborators(
  db: DbExecutor,
  collectionId: number,
): Promise<CollaboratorWithUserRow[]> {
  return db
    .select({
      collectionId: collectionCollaborators.collectionId,
      role: collectionCollaborators.role,
      access: collectionCollaborators.access,
      addedBy: collectionCollaborators.addedBy,
      addedAt: collectionCollaborators.addedAt,
      ...userDetailColumns,
    })
    .from(collectionCollaborators)
    .innerJoin(users, eq(users.id, collectionCollaborators.userId))
    .where(eq(collectionCollaborators.collectionId, collectionId))
    .orderBy(asc(collectionCollaborators.addedAt), asc(collectionCollaborators.userId));
}

/** Inserts unless the person already holds a role in the collection; then nothing is returned. */
export async function insertCollaborator(
  db: DbExecutor,
  values: typeof collectionCollaborators.$inferInsert & { addedAt: Date },
): Promise<CollaboratorRow | undefined> {
  const [row] = await db
    .insert(collectionCollaborators)
    .values(values)
    .onConflictDoNothing({ target: [collectionCollaborators.collectionId, collectionCollaborators.userId] })
    .returning();
  return row;
}

export async function updateCollaboratorAccess(
  db: DbExecutor,
  collectionId: number,
  userId: number,
  access: CollaboratorAccess,
): Promise<CollaboratorRow | undefined> {
  const [row] = await db
    .update(collectionCollaborators)
    .set({ access })
    .where(
      and(eq(collectionCollaborators.collectionId, collectionId), eq(collectionCollaborators.userId, userId)),
    )
    .returning();
  return row;
}

export async function deleteCollaborator(
  db: DbExecutor,
  collectionId: number,
  userId: number,
): Promise<boolean> {
  const rows = await db
    .delete(collectionCollaborators)
    .where(
      and(eq(collectionCollaborators.collectionId, collectionId), eq(collectionCollaborators.userId, userId)),
    )
    .returning({ userId: collectionCollaborators.userId });
  return rows.length > 0;
}
