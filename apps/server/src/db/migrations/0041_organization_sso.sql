-- Single sign-on and SCIM provisioning per organization (docs/organizations.md, issue 16).

-- One identity provider per organization, set up by its admin: OpenID Connect (authorization code with
-- PKCE) or SAML 2.0 (signed responses, HTTP-POST binding). The client secret stays on the server.
CREATE TABLE organization_sso_configs (
  organization_id bigint PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  protocol text NOT NULL CHECK (protocol IN ('oidc', 'saml')),
  oidc_issuer text,
  oidc_client_id text,
  oidc_client_secret text,
  saml_entry_point text,
  saml_idp_issuer text,
  -- PEM certificate (or public key) the IdP signs with.
  saml_idp_cert text,
  updated_at timestamptz NOT NULL
);

-- The e-mail domains whose people sign in through an organization's IdP; a domain belongs to one
-- organization, which is how "Sign in with SSO" finds the IdP from a work e-mail.
CREATE TABLE organization_sso_domains (
  domain text PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE
);
CREATE INDEX organization_sso_domains_org_idx ON organization_sso_domains (organization_id);

-- One sign-in in flight: found by the hash of its state (OIDC) or of the AuthnRequest ID (SAML), used once.
CREATE TABLE organization_sso_logins (
  id text PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  protocol text NOT NULL CHECK (protocol IN ('oidc', 'saml')),
  -- OIDC: the PKCE verifier and the nonce; the hash of the browser-binding cookie.
  code_verifier text,
  nonce text,
  browser_hash text,
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX organization_sso_logins_expiry_idx ON organization_sso_logins (expires_at);

-- Sessions opened through an organization's SSO: deprovisioning the person ends them.
CREATE TABLE organization_sso_sessions (
  session_id text PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX organization_sso_sessions_user_idx ON organization_sso_sessions (organization_id, user_id);

-- SCIM 2.0: one bearer token per organization (stored as its hash) and the users the IdP provisioned.
CREATE TABLE organization_scim_tokens (
  organization_id bigint PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

CREATE TABLE organization_scim_users (
  id text PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  external_id text,
  -- The userName, lower-cased: the member's e-mail.
  user_name text NOT NULL,
  given_name text,
  family_name text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (organization_id, user_name)
);
