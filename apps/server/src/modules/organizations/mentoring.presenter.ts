import type { MentorFeedback } from '@coderoom/contracts';
import type { FeedbackWithTitles } from './mentoring.repository.js';

export function presentFeedback(row: FeedbackWithTitles): MentorFeedback {
  const { feedback } = row;
  return {
    feedback_id: feedback.id,
    organization_id: feedback.organizationId,
    mentee_member_id: feedback.menteeMemberId,
    mentor_name: row.mentorName ?? 'Former mentor',
    plan_assignment_id: feedback.planAssignmentId,
    assignment_id: feedback.assignmentId,
    item_title: row.itemTitle,
    feedback: feedback.body,
    created_at: feedback.createdAt.toISOString(),
  };
}
