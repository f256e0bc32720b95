import { LoginMethod, MAX_SSO_DOMAINS, SsoProtocol } from '@coderoom/domain';
import { z } from 'zod';

// Single sign-on per organization and SCIM provisioning (docs/organizations.md).

const text = (max: number) => z.string().trim().min(1).max(max);
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a http(s) URL.');
const domains = z.array(z.string().trim().toLowerCase().min(1).max(253)).min(1).max(MAX_SSO_DOMAINS);

export const SsoConfigRequestSchema = z.discriminatedUnion('protocol', [
  z.strictObject({
    protocol: z.literal(SsoProtocol.Oidc),
    email_domains: domains,
    issuer: httpUrl,
    client_id: text(500),
    /** Omitted keeps the stored secret. */
    client_secret: text(2000).optional(),
  }),
  z.strictObject({
    protocol: z.literal(SsoProtocol.Saml),
    email_domains: domains,
    entry_point: httpUrl,
    idp_issuer: text(2000),
    idp_cert: text(20000),
    /** The IdP's SingleLogoutService (HTTP-Redirect); omitted or null: no single logout. */
    logout_url: httpUrl.nullable().optional(),
  }),
]);
export type SsoConfigRequest = z.infer<typeof SsoConfigRequestSchema>;

export const LoginMethodRequestSchema = z.strictObject({
  login_method: z.enum([LoginMethod.Password, LoginMethod.Sso, LoginMethod.Both]),
});
export type LoginMethodRequest = z.infer<typeof LoginMethodRequestSchema>;

/** What the admin's single sign-on page shows; secrets are never sent back, only whether one is set. */
export interface SsoConfigResponse {
  organization_id: number;
  login_method: string;
  config: {
    protocol: SsoProtocol;
    email_domains: string[];
    oidc: { issuer: string; client_id: string; has_client_secret: boolean } | null;
    saml: {
      entry_point: string;
      idp_issuer: string;
      has_idp_cert: boolean;
      logout_url: string | null;
    } | null;
  } | null;
  /** What the admin enters at the identity provider. */
  service_provider: {
    oidc_redirect_uri: string;
    saml_acs_url: string;
    saml_entity_id: string;
    /** Where the IdP sends LogoutRequests and LogoutResponses (HTTP-Redirect or HTTP-POST). */
    saml_slo_url: string;
    /** The public key our logout messages are signed with (once SAML is saved). */
    saml_sp_signing_key: string | null;
    scim_base_url: string;
  };
  has_scim_token: boolean;
}

export interface ScimTokenResponse {
  /** Shown once; only its hash is stored. */
  token: string;
  scim_base_url: string;
}

export const SsoStartRequestSchema = z.strictObject({ email: z.string().trim().min(3).max(320) });
export type SsoStartRequest = z.infer<typeof SsoStartRequestSchema>;
export interface SsoStartResponse {
  redirect_url: string;
}

export const OidcCallbackQuerySchema = z.object({
  state: z.string().max(500).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
});

/** The IdP's metadata XML, pasted or read from a file, to fill in the SAML form. */
export const SamlMetadataRequestSchema = z.strictObject({
  metadata_xml: z.string().trim().min(1).max(500_000),
});
export type SamlMetadataRequest = z.infer<typeof SamlMetadataRequestSchema>;
export interface SamlMetadataResponse {
  idp_issuer: string;
  entry_point: string;
  logout_url: string | null;
  idp_cert: string;
}

/** SAML single logout over HTTP-Redirect: a LogoutRequest or a LogoutResponse, signed in the query. */
export const SamlSloQuerySchema = z.object({
  SAMLRequest: z.string().max(400_000).optional(),
  SAMLResponse: z.string().max(400_000).optional(),
  RelayState: z.string().max(500).optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(4000).optional(),
});
/** SAML single logout over HTTP-POST: a signed LogoutRequest. */
export const SamlSloBodySchema = z.strictObject({
  SAMLRequest: z.string().min(1).max(400_000),
  RelayState: z.string().max(500).optional(),
});

/** POST /api/sso/logout: signs out; for a SAML session with single logout, where the browser goes next. */
export interface SsoLogoutResponse {
  ok: true;
  redirect_url: string | null;
}

export const SamlAcsBodySchema = z.strictObject({
  SAMLResponse: z.string().min(1).max(400_000),
  RelayState: z.string().max(500).optional(),
});

// SCIM 2.0 Users (RFC 7643 §4.1, the attributes identity providers send).
const scimEmail = z.strictObject({
  value: z.string().max(320),
  primary: z.boolean().optional(),
  type: z.string().max(50).optional(),
  display: z.string().max(320).optional(),
});
const scimName = z
  .object({
    givenName: z.string().max(200).optional(),
    familyName: z.string().max(200).optional(),
    formatted: z.string().max(400).optional(),
  })
  .strip();

/** Identity providers send extension schemas and attributes we do not keep: those are ignored. */
export const ScimUserRequestSchema = z
  .object({
    schemas: z.array(z.string().max(200)).max(10).optional(),
    userName: z.string().trim().min(1).max(320),
    externalId: z.string().max(500).optional(),
    name: scimName.optional(),
    emails: z.array(scimEmail).max(10).optional(),
    active: z.boolean().optional(),
    displayName: z.string().max(400).optional(),
  })
  .strip();
export type ScimUserRequest = z.infer<typeof ScimUserRequestSchema>;

const scimPatchOperation = z.strictObject({
  op: z.string().regex(/^(replace|add|Replace|Add)$/),
  path: z.string().max(200).optional(),
  value: z.unknown(),
});
export const ScimPatchRequestSchema = z.strictObject({
  schemas: z.array(z.string().max(200)).max(10),
  Operations: z.array(scimPatchOperation).min(1).max(20),
});
export type ScimPatchRequest = z.infer<typeof ScimPatchRequestSchema>;

export const ScimListQuerySchema = z.strictObject({
  filter: z.string().max(500).optional(),
  startIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
  count: z.coerce.number().int().min(0).max(200).optional(),
});
export const ScimUserParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { givenName?: string; familyName?: string };
  emails: Array<{ value: string; primary: boolean; type: string }>;
  active: boolean;
  meta: { resourceType: 'User'; created: string; lastModified: string; location: string };
}

// SCIM Groups (RFC 7643 §4.2), mapped to the organization's teams (docs/organizations.md).

const scimMemberRef = z
  .object({ value: z.string().min(1).max(100), display: z.string().max(400).optional() })
  .strip();

export const ScimGroupRequestSchema = z
  .object({
    schemas: z.array(z.string().max(200)).max(10).optional(),
    displayName: z.string().trim().min(1).max(120),
    externalId: z.string().max(500).optional(),
    members: z.array(scimMemberRef).max(1000).optional(),
  })
  .strip();
export type ScimGroupRequest = z.infer<typeof ScimGroupRequestSchema>;

const scimGroupPatchOperation = z.strictObject({
  op: z.string().regex(/^(replace|add|remove)$/i),
  path: z.string().max(300).optional(),
  // `remove` of a member by path carries no value.
  value: z.unknown().optional(),
});
export const ScimGroupPatchRequestSchema = z.strictObject({
  schemas: z.array(z.string().max(200)).max(10),
  Operations: z.array(scimGroupPatchOperation).min(1).max(50),
});
export type ScimGroupPatchRequest = z.infer<typeof ScimGroupPatchRequestSchema>;

export const ScimGroupListQuerySchema = z.strictObject({
  filter: z.string().max(500).optional(),
  startIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
  count: z.coerce.number().int().min(0).max(200).optional(),
  /** Okta and Azure AD ask for groups without their members. */
  excludedAttributes: z.string().max(200).optional(),
});
export const ScimGroupParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });

export interface ScimGroup {
  schemas: string[];
  id: string;
  displayName: string;
  members?: Array<{ value: string; display: string; $ref: string }>;
  meta: { resourceType: 'Group'; created: string; lastModified: string; location: string };
}
