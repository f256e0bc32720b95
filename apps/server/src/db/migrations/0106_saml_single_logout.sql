-- SAML single logout and IdP metadata import (docs/organizations.md, "Single sign-on").
-- The IdP's SingleLogoutService URL (HTTP-Redirect), and the key our LogoutRequests/LogoutResponses are
-- signed with (one per organization, made when SAML is first saved; its public half is shown to the admin).
ALTER TABLE organization_sso_configs ADD COLUMN saml_logout_url text;
ALTER TABLE organization_sso_configs ADD COLUMN saml_sp_private_key text;

-- Who the IdP said a SAML session belongs to, so a LogoutRequest (from either side) names it.
ALTER TABLE organization_sso_sessions ADD COLUMN saml_name_id text;
ALTER TABLE organization_sso_sessions ADD COLUMN saml_name_id_format text;
ALTER TABLE organization_sso_sessions ADD COLUMN saml_session_index text;
CREATE INDEX organization_sso_sessions_name_id_idx ON organization_sso_sessions (organization_id, saml_name_id);
