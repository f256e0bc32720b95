-- Learning and onboarding plans of an organization (spec 001 §4 plan kinds, §6 freemium limits; issue 16):
-- a plan is made of modules, each an ordered list of courses and paths; a template is a plan other plans are
-- copied from; a published plan is assigned to members with a due date and can be force-completed.

CREATE TABLE organization_plans (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 64000001) PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- Plan kind: onboarding 7001, up-skilling 7002, explore 7003.
  kind integer NOT NULL CHECK (kind IN (7001, 7002, 7003)),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_template boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published')),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX organization_plans_org_idx ON organization_plans (organization_id);

CREATE TABLE organization_plan_modules (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 65000001) PRIMARY KEY,
  plan_id bigint NOT NULL REFERENCES organization_plans (id) ON DELETE CASCADE,
  position integer NOT NULL,
  title text NOT NULL
);
CREATE INDEX organization_plan_modules_plan_idx ON organization_plan_modules (plan_id, position);

CREATE TABLE organization_plan_items (
  module_id bigint NOT NULL REFERENCES organization_plan_modules (id) ON DELETE CASCADE,
  position integer NOT NULL,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  PRIMARY KEY (module_id, position)
);

CREATE TABLE organization_plan_assignments (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 66000001) PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  plan_id bigint NOT NULL REFERENCES organization_plans (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES organization_members (id) ON DELETE CASCADE,
  due_date timestamptz,
  assigned_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  completed_at timestamptz,
  force_completed boolean NOT NULL DEFAULT false,
  UNIQUE (plan_id, member_id)
);
CREATE INDEX organization_plan_assignments_member_idx ON organization_plan_assignments (member_id);
