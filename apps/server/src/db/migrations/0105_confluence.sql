-- Confluence import for organizations (docs/organizations.md, "Integrations"; issue 16).

-- The Confluence Cloud site an organization's admin connected, with the account's API token. The token
-- stays on the server (requests to Confluence only); answers say whether one is stored.
CREATE TABLE organization_confluence_connections (
  organization_id bigint PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  base_url text NOT NULL,
  account_email text NOT NULL,
  api_token text NOT NULL,
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL
);

-- One import of a space into a private course, done by the worker; the client polls it.
CREATE TABLE organization_confluence_imports (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 96000001) PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  space_key text NOT NULL,
  space_name text NOT NULL,
  title text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done', 'failed')),
  collection_id bigint REFERENCES collections (id) ON DELETE SET NULL,
  page_count integer,
  error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX organization_confluence_imports_user_idx ON organization_confluence_imports (organization_id, user_id, id);
-- The server's lock: one running import per organization.
CREATE UNIQUE INDEX organization_confluence_imports_running ON organization_confluence_imports (organization_id)
  WHERE state = 'running';
