import type {
  MenteesResponse,
  MentorFeedback,
  MentorFeedbackRequest,
  MyFeedbackResponse,
} from '@coderoom/contracts';
import { MentoringErrors, NotificationType, OrganizationErrors } from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { presentFeedback } from './mentoring.presenter.js';
import * as repo from './mentoring.repository.js';
import type { OrganizationAccess } from './organizationAccess.service.js';
import * as orgRepo from './organizations.repository.js';
import type { OrganizationsService } from './organizations.service.js';
import * as plansRepo from './plans.repository.js';
import type { PlansService } from './plans.service.js';

// Mentors and mentees (001 §3 is_mentor/is_mentee, §6 "Mentors give mentor feedback"; docs/organizations.md,
// "Mentors"). A mentor sees only their own mentees — the members whose mentor_member_id is theirs — with
// their plans and assigned courses, and writes feedback on one assigned item; the mentee is told (8014).

export interface MentoringDeps {
  db: Db;
  clock: Clock;
  access: OrganizationAccess;
  plans: Pick<PlansService, 'plansOfMembers'>;
  assignments: Pick<OrganizationsService, 'assignmentsOfMembers'>;
  notifications: NotificationsService;
}

const FEEDBACK_PREVIEW = 200;

export function createMentoringService(deps: MentoringDeps) {
  const { db, clock, access, plans, assignments, notifications } = deps;

  async function membershipIn(userId: number, organizationId: number) {
    const membership = (await access.membershipsOf(userId)).find(
      (entry) => entry.organization.id === organizationId,
    );
    if (!membership) throw notFound(OrganizationErrors.NotAMember);
    return membership;
  }

  /** The assigned item the feedback is about, which must be the mentee's; answers its page and title. */
  async function itemOf(organizationId: number, menteeId: number, input: MentorFeedbackRequest) {
    if (input.plan_assignment_id !== undefined) {
      const row = await plansRepo.findPlanAssignment(db, organizationId, input.plan_assignment_id);
      if (row?.memberId !== menteeId) throw notFound(MentoringErrors.ItemNotFound);
      const [plan] = await plansRepo.plansByIds(db, [row.planId]);
      return { link: `/onboarding/assigned-plans/${row.id}`, title: plan?.title ?? '' };
    }
    const row = await orgRepo.findAssignment(db, organizationId, input.assignment_id ?? 0);
    if (row?.memberId !== menteeId) throw notFound(MentoringErrors.ItemNotFound);
    return { link: '/learn/assigned', title: '' };
  }

  return {
    /** The mentor dashboard: the caller's mentees with their progress; 403 for someone who mentors no one. */
    async mentees(userId: number, organizationId: number): Promise<MenteesResponse> {
      const { member } = await membershipIn(userId, organizationId);
      const rows = (await orgRepo.listMembers(db, organizationId)).filter(
        (row) => row.member.mentorMemberId === member.id,
      );
      if (!member.isMentor && rows.length === 0) throw forbidden(OrganizationErrors.NotAllowed);
      const people = rows.map((row) => ({ memberId: row.member.id, userId: row.member.userId }));
      const [planList, assignmentList, feedback] = await Promise.all([
        plans.plansOfMembers(organizationId, people),
        assignments.assignmentsOfMembers(organizationId, people),
        repo.feedbackOfMentees(
          db,
          organizationId,
          people.map((person) => person.memberId),
        ),
      ]);
      return {
        mentees: rows.map((row) => ({
          member_id: row.member.id,
          email: row.member.email,
          full_name: row.fullName,
          plans: planList.filter((plan) => plan.member_id === row.member.id),
          assignments: assignmentList.filter((assignment) => assignment.member_id === row.member.id),
          feedback: feedback
            .filter((entry) => entry.feedback.menteeMemberId === row.member.id)
            .map(presentFeedback),
        })),
      };
    },

    /** 001 §7 mentor-feedback: only the mentee's own mentor, on an item assigned to the mentee. */
    async giveFeedback(
      userId: number,
      organizationId: number,
      input: MentorFeedbackRequest,
    ): Promise<MentorFeedback> {
      const { member } = await membershipIn(userId, organizationId);
      const mentee = await orgRepo.findMember(db, organizationId, input.mentee_member_id);
      if (!mentee) throw notFound(MentoringErrors.MenteeNotFound);
      if (mentee.mentorMemberId !== member.id) throw forbidden(MentoringErrors.NotYourMentee);
      const item = await itemOf(organizationId, mentee.id, input);
      const saved = await db.transaction(async (tx) => {
        const row = await repo.insertFeedback(tx, {
          organizationId,
          mentorMemberId: member.id,
          mentorUserId: userId,
          menteeMemberId: mentee.id,
          planAssignmentId: input.plan_assignment_id ?? null,
          assignmentId: input.assignment_id ?? null,
          body: input.feedback,
          createdAt: clock.now(),
        });
        const [presented] = (await repo.feedbackOfMentees(tx, organizationId, [mentee.id]))
          .filter((entry) => entry.feedback.id === row.id)
          .map(presentFeedback);
        if (!presented) throw new Error('giveFeedback: feedback not read back');
        if (mentee.userId !== null) {
          await notifications.notify(tx, [
            {
              userId: mentee.userId,
              type: NotificationType.MentorFeedback,
              title: `${presented.mentor_name} left feedback on ${presented.item_title || item.title}`,
              body: input.feedback.slice(0, FEEDBACK_PREVIEW),
              link: item.link,
              organizationId,
            },
          ]);
        }
        return presented;
      });
      return saved;
    },

    /** Feedback the caller's mentors wrote to them, in every organization they belong to. */
    async myFeedback(userId: number): Promise<MyFeedbackResponse> {
      const result: MentorFeedback[] = [];
      for (const membership of await access.membershipsOf(userId)) {
        const rows = await repo.feedbackOfMentees(db, membership.organization.id, [membership.member.id]);
        result.push(...rows.map(presentFeedback));
      }
      return { feedback: result };
    },
  };
}

export type MentoringService = ReturnType<typeof createMentoringService>;
