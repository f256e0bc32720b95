-- Organizations (spec 001 §3–§7, docs/organizations.md): an organization holds a subscription with seats
-- and the lists that bound what its members see; members carry the spec's roles; teams group members;
-- assignments give members courses and paths with due dates; slow admin work runs as operations in the
-- worker behind one lock per organization; notifications are the in-app bell (spec 002 §3.6).

CREATE TABLE organizations (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 60000001) PRIMARY KEY,
  name text NOT NULL,
  -- How members sign in: 'password', 'sso' or 'both' (SSO itself is not built yet).
  login_method text NOT NULL DEFAULT 'password' CHECK (login_method IN ('password', 'sso', 'both')),
  -- Spec 001 §5 rule 7: the organization blocks standalone courses (paths and plans stay reachable).
  no_courses_access boolean NOT NULL DEFAULT false,
  -- Capability and organization flags of spec 001 §3 (can_create_private_content, …), by name.
  flags jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organization_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 61000001) PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- featureSet-validityMonths-planType, e.g. 300-12-6003 (spec 001 §4).
  plan_code text NOT NULL,
  -- Business tier: 6001 team … 6999 enterprise freemium.
  subscription_type integer NOT NULL,
  -- Subscription kind: paid 7001, free trial 7002, …
  subscription_sub_type integer NOT NULL DEFAULT 7001,
  -- Subscription status: active 7001, … expired 7006.
  status integer NOT NULL DEFAULT 7001,
  seats integer NOT NULL CHECK (seats >= 0),
  can_add_seats boolean NOT NULL DEFAULT true,
  include_all_courses boolean NOT NULL DEFAULT false,
  -- Items {author_id, work_id}.
  included_courses_list jsonb NOT NULL DEFAULT '[]'::jsonb,
  excluded_courses_list jsonb NOT NULL DEFAULT '[]'::jsonb,
  included_categories_list jsonb NOT NULL DEFAULT '[]'::jsonb,
  excluded_categories_list jsonb NOT NULL DEFAULT '[]'::jsonb,
  starts_at timestamptz NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organization_subscriptions_org_idx ON organization_subscriptions (organization_id);

-- One row per person in an organization. Someone added by e-mail who has no account yet is a member by
-- address; the account with that address is the member from its first sign-in (user_id filled then).
CREATE TABLE organization_members (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 62000001) PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- Lower-cased.
  email text NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  -- Enterprise role: manager 7001, learner 7002 (Member), admin 7003, executive 7004.
  role integer NOT NULL CHECK (role IN (7001, 7002, 7003, 7004)),
  -- Admins only: super admin 1000, sub admin 1001, executive 1002.
  admin_level integer,
  is_mentor boolean NOT NULL DEFAULT false,
  -- The member who mentors this one (is_mentee when set).
  mentor_member_id bigint REFERENCES organization_members (id) ON DELETE SET NULL,
  is_slack_authorized boolean NOT NULL DEFAULT false,
  invited_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX organization_members_email_key ON organization_members (organization_id, email);
CREATE INDEX organization_members_user_idx ON organization_members (user_id);
CREATE INDEX organization_members_email_idx ON organization_members (email);

CREATE TABLE organization_teams (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 63000001) PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX organization_teams_name_key ON organization_teams (organization_id, lower(name));

CREATE TABLE organization_team_members (
  team_id bigint NOT NULL REFERENCES organization_teams (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES organization_members (id) ON DELETE CASCADE,
  -- Team member 7000, team manager 7001.
  role integer NOT NULL CHECK (role IN (7000, 7001)),
  PRIMARY KEY (team_id, member_id)
);
CREATE INDEX organization_team_members_member_idx ON organization_team_members (member_id);

-- A course or path given to one member, with a due date; one row per member and work (assigning a team
-- writes one per member of the team then, and remembers the team).
CREATE TABLE organization_assignments (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 64000001) PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES organization_members (id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  team_id bigint REFERENCES organization_teams (id) ON DELETE SET NULL,
  due_date timestamptz,
  assigned_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX organization_assignments_key ON organization_assignments (member_id, collection_id);
CREATE INDEX organization_assignments_org_idx ON organization_assignments (organization_id);

-- Adding users and creating teams are asynchronous (spec 001 §4): an operation row is the server's
-- lock (one running operation per organization) and the worker's result; the client polls it.
CREATE TABLE organization_operations (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 65000001) PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('add_users', 'create_team')),
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed')),
  payload jsonb NOT NULL,
  result jsonb,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE UNIQUE INDEX organization_operations_lock ON organization_operations (organization_id)
  WHERE state = 'running';

-- The member's chosen active organization (spec 001 §4); ignored once they are no longer a member.
CREATE TABLE organization_choices (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  organization_id bigint NOT NULL
);

-- In-app notifications (spec 002 §3.6): types 8001–8030 (docs/organizations.md), read state 6000/6001.
CREATE TABLE notifications (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 66000001) PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type integer NOT NULL CHECK (type BETWEEN 8001 AND 8030),
  read_state integer NOT NULL DEFAULT 6000 CHECK (read_state IN (6000, 6001)),
  organization_id bigint REFERENCES organizations (id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  -- Where the notification leads in the web app, e.g. /learn/assigned.
  link text,
  created_at timestamptz NOT NULL
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_state = 6000;
