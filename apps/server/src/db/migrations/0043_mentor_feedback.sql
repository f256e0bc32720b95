-- Mentor feedback (spec 001 §6 "Mentors give mentor feedback", §7 mentor-feedback; issue 16): a mentor writes
-- on one assigned item of a mentee, either a plan assignment or a course/path assignment. The mentee reads it
-- on the plan page and on /learn/assigned; the mentor's dashboard lists what they wrote.

CREATE TABLE organization_mentor_feedback (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 67000001) PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- Kept when the mentor leaves the organization (the words stay with the mentee).
  mentor_member_id bigint REFERENCES organization_members (id) ON DELETE SET NULL,
  mentor_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  mentee_member_id bigint NOT NULL REFERENCES organization_members (id) ON DELETE CASCADE,
  plan_assignment_id bigint REFERENCES organization_plan_assignments (id) ON DELETE CASCADE,
  assignment_id bigint REFERENCES organization_assignments (id) ON DELETE CASCADE,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  -- Exactly one assigned item.
  CHECK ((plan_assignment_id IS NULL) <> (assignment_id IS NULL))
);
CREATE INDEX organization_mentor_feedback_mentee_idx ON organization_mentor_feedback (mentee_member_id, created_at);
