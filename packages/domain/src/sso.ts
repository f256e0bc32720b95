// Single sign-on and SCIM provisioning per organization (issue 16; spec 001 §1, §6 name SSO configuration
// as an admin's job and §7 the sso-config and login-method calls; shapes and texts are ours,
// docs/organizations.md).

export const SsoProtocol = { Oidc: 'oidc', Saml: 'saml' } as const;
export type SsoProtocol = (typeof SsoProtocol)[keyof typeof SsoProtocol];
export const SSO_PROTOCOLS: readonly SsoProtocol[] = [SsoProtocol.Oidc, SsoProtocol.Saml];

/** How long a sign-in started with "Sign in with SSO" may take at the identity provider. */
export const SSO_LOGIN_TTL_MS = 10 * 60 * 1000;
/** At most this many e-mail domains per organization. */
export const MAX_SSO_DOMAINS = 20;

/**
 * The query flag the SSO callback adds when it created the account just in time: the web app then sends
 * `POST /api/user/utm` with what it stored when the sign-in started (`utm_sso_info`, spec 001 §3, §7).
 */
export const SSO_SIGNUP_FLAG = 'sso_signup';
export const SSO_SIGNUP_HOME = `/?${SSO_SIGNUP_FLAG}=1`;

/** Why an SSO sign-in came back refused: the login page reads `?sso_error=` and shows the text. */
export const SsoFailure = {
  State: 'state',
  Signature: 'signature',
  Audience: 'audience',
  Expired: 'expired',
  Domain: 'domain',
  Seats: 'seats',
  Failed: 'failed',
} as const;
export type SsoFailure = (typeof SsoFailure)[keyof typeof SsoFailure];

export const SSO_FAILURE_TEXT: Record<SsoFailure, string> = {
  state: 'This sign-in has expired or was already used. Please start again.',
  signature: 'The answer of your identity provider could not be verified.',
  audience: 'Your identity provider answered for another application.',
  expired: 'The answer of your identity provider has expired. Please start again.',
  domain: 'Your e-mail address does not belong to this organization.',
  seats: 'Your organization has no free seat. Please ask its admin.',
  failed: 'Single sign-on failed. Please try again or ask your organization admin.',
};

export const SsoErrors = {
  NoSsoForDomain: 'Single sign-on is not set up for this e-mail address.',
  DomainTaken: 'Another organization already signs in this e-mail domain with single sign-on.',
  InvalidDomain: 'Enter e-mail domains such as example.com.',
  InvalidCertificate: 'Paste the PEM certificate (or public key) your identity provider signs with.',
  ClientSecretRequired: 'The client secret is required.',
  IdpUnreachable: 'The identity provider could not be reached. Check its issuer URL.',
  SsoRequiredForMethod: 'Set up single sign-on before making it a login method.',
  PasswordLoginDisabled: 'Your organization signs in with single sign-on. Use "Sign in with SSO".',
  NotConfigured: 'Single sign-on is not set up for this organization.',
  InvalidMetadata:
    'Paste the SAML metadata XML of your identity provider (an EntityDescriptor with an IDPSSODescriptor).',
  MetadataWithoutSso: 'The metadata names no single sign-on URL with the HTTP-Redirect binding.',
  MetadataWithoutCertificate: 'The metadata names no signing certificate.',
  LogoutRefused: 'This logout message could not be verified.',
} as const;

/** A bare e-mail domain: labels of letters, digits and hyphens, at least one dot. */
export function isEmailDomain(value: string): boolean {
  return /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value);
}

/** The domain of an e-mail address, lower-cased ('' when it has none). */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

// SCIM 2.0 (RFC 7643/7644): what identity providers such as Okta and Azure AD send.
export const ScimSchema = {
  User: 'urn:ietf:params:scim:schemas:core:2.0:User',
  Group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  ListResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  PatchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  Error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

export const ScimErrors = {
  Unauthorized: 'A valid SCIM bearer token of the organization is required.',
  UserNotFound: 'Resource not found.',
  UserExists: 'A user with this userName already exists.',
  InvalidUserName: 'userName must be an e-mail address.',
  InvalidFilter: 'Only the filter userName eq "…" is supported.',
  InvalidPatch: 'Only replacing active, name and externalId is supported.',
  SeatsExceeded: 'Not enough seats in the subscription.',
  GroupExists: 'A group with this displayName already exists.',
  InvalidGroupFilter: 'Only the filter displayName eq "…" is supported.',
  InvalidGroupPatch: 'Only displayName and members can be changed.',
  UnknownMember: 'A member is not an active user provisioned in this organization.',
} as const;
