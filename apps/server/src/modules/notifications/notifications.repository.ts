import { NotificationReadState } from '@coderoom/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL of in-app notifications (0040_organizations.sql).

export const notifications = pgTable('notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  type: integer('type').notNull(),
  readState: integer('read_state').notNull().default(NotificationReadState.Unread),
  organizationId: bigint('organization_id', { mode: 'number' }),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  link: text('link'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: DbExecutor, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

export async function listNotifications(
  db: DbExecutor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countNotifications(db: DbExecutor, userId: number, onlyUnread: boolean) {
  const conditions = [eq(notifications.userId, userId)];
  if (onlyUnread) conditions.push(eq(notifications.readState, NotificationReadState.Unread));
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(...conditions));
  return row?.total ?? 0;
}

export async function markAllRead(db: DbExecutor, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readState: NotificationReadState.Read })
    .where(and(eq(notifications.userId, userId), eq(notifications.readState, NotificationReadState.Unread)));
}

/** Marks one of the user's notifications read; answers whether it was theirs. */
export async function markRead(db: DbExecutor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readState: NotificationReadState.Read })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Where and whether to mail a user: their address, name and notification choices (settings). */
export async function findRecipient(db: DbExecutor, userId: number) {
  const [row] = await db
    .select({ email: users.email, fullName: users.fullName, preferences: users.notificationPreferences })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
