-- Slack for organizations (docs/organizations.md, "Integrations"; issue 16).

-- The workspace an organization's admin installed our Slack app in. The bot token stays on the server:
-- the worker uses it to send direct messages; no answer ever carries it.
CREATE TABLE organization_slack_workspaces (
  organization_id bigint PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  team_id text NOT NULL,
  team_name text NOT NULL,
  bot_user_id text,
  bot_token text NOT NULL,
  installed_by bigint REFERENCES users (id) ON DELETE SET NULL,
  installed_at timestamptz NOT NULL
);

-- A member's own Slack user in that workspace (organization_members.is_slack_authorized mirrors it).
CREATE TABLE organization_slack_links (
  member_id bigint PRIMARY KEY REFERENCES organization_members (id) ON DELETE CASCADE,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  slack_user_id text NOT NULL,
  linked_at timestamptz NOT NULL
);
CREATE INDEX organization_slack_links_org_idx ON organization_slack_links (organization_id);

-- One Slack authorisation in flight (OAuth v2): found by the hash of its state, bound to the person who
-- started it, used once.
CREATE TABLE organization_slack_grants (
  id text PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('workspace', 'member')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX organization_slack_grants_expiry_idx ON organization_slack_grants (expires_at);
