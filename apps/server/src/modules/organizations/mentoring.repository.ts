import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { collections, users } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';
import { organizationAssignments } from './organizations.repository.js';
import { planAssignments, plans } from './plans.repository.js';

// SQL of mentor feedback (0043_mentor_feedback.sql).

export const mentorFeedback = pgTable('organization_mentor_feedback', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  mentorMemberId: bigint('mentor_member_id', { mode: 'number' }),
  mentorUserId: bigint('mentor_user_id', { mode: 'number' }),
  menteeMemberId: bigint('mentee_member_id', { mode: 'number' }).notNull(),
  planAssignmentId: bigint('plan_assignment_id', { mode: 'number' }),
  assignmentId: bigint('assignment_id', { mode: 'number' }),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type MentorFeedbackRow = typeof mentorFeedback.$inferSelect;

export async function insertFeedback(db: DbExecutor, values: typeof mentorFeedback.$inferInsert) {
  const [row] = await db.insert(mentorFeedback).values(values).returning();
  if (!row) throw new Error('insertFeedback: no row');
  return row;
}

/** Feedback with the mentor's name and the title of the plan or course it is about, newest first. */
function selectFeedback(db: DbExecutor) {
  return db
    .select({
      feedback: mentorFeedback,
      mentorName: users.fullName,
      itemTitle: sql<string>`coalesce(${plans.title}, ${collections.title}, '')`,
    })
    .from(mentorFeedback)
    .leftJoin(users, eq(users.id, mentorFeedback.mentorUserId))
    .leftJoin(planAssignments, eq(planAssignments.id, mentorFeedback.planAssignmentId))
    .leftJoin(plans, eq(plans.id, planAssignments.planId))
    .leftJoin(organizationAssignments, eq(organizationAssignments.id, mentorFeedback.assignmentId))
    .leftJoin(collections, eq(collections.id, organizationAssignments.collectionId));
}
export type FeedbackWithTitles = Awaited<ReturnType<typeof feedbackOfMentees>>[number];

export async function feedbackOfMentees(
  db: DbExecutor,
  organizationId: number,
  menteeIds: readonly number[],
) {
  if (menteeIds.length === 0) return [];
  return selectFeedback(db)
    .where(
      and(
        eq(mentorFeedback.organizationId, organizationId),
        inArray(mentorFeedback.menteeMemberId, [...menteeIds]),
      ),
    )
    .orderBy(desc(mentorFeedback.createdAt), desc(mentorFeedback.id));
}

export async function feedbackOnPlans(db: DbExecutor, planAssignmentIds: readonly number[]) {
  if (planAssignmentIds.length === 0) return [];
  return selectFeedback(db)
    .where(inArray(mentorFeedback.planAssignmentId, [...planAssignmentIds]))
    .orderBy(desc(mentorFeedback.createdAt), desc(mentorFeedback.id));
}
