import { createPublicKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import type {
  LoginMethodRequest,
  SamlMetadataResponse,
  ScimTokenResponse,
  SsoConfigRequest,
  SsoConfigResponse,
  SsoLogoutResponse,
  SsoStartResponse,
} from '@coderoom/contracts';
import {
  EnterpriseRole,
  emailDomainOf,
  isEmail,
  isEmailDomain,
  LoginMethod,
  NotificationType,
  OrganizationErrors,
  SSO_LOGIN_TTL_MS,
  SSO_SIGNUP_HOME,
  SsoErrors,
  SsoFailure,
  SsoProtocol,
} from '@coderoom/domain';
import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import * as oidc from 'openid-client';
import type { SessionStore } from '../../platform/auth/sessions.js';
import { hashToken, newToken } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { OrganizationAccess } from './organizationAccess.service.js';
import { canManageUsers, seatLimit } from './organizations.policy.js';
import * as orgRepo from './organizations.repository.js';
import { parseIdpMetadata } from './samlMetadata.js';
import * as repo from './sso.repository.js';

// Single sign-on per organization (docs/organizations.md): OpenID Connect through openid-client
// (authorization code + PKCE, state and nonce, the ID token's signature checked against the IdP's JWKS)
// and SAML 2.0 through @node-saml/node-saml (signed assertions, audience, time window, InResponseTo).
// Every sign-in in flight is a row used exactly once; a person whose address is not in the organization's
// domains is refused; someone new gets an account and a membership (just-in-time) while seats last.

export interface ExternalSignIn {
  signInVerified(
    input: { email: string; fullName: string },
    client: { ip: string | null; userAgent: string | null },
  ): Promise<{ userId: number; sessionToken: string; created: boolean }>;
}

export interface SsoDeps {
  db: Db;
  clock: Clock;
  access: OrganizationAccess;
  accounts: ExternalSignIn;
  sessions: SessionStore;
  notifications: NotificationsService;
  publicUrl: string;
}

export interface SsoOutcome {
  /** Where the browser goes next: the app on success, the login page with `sso_error` on refusal. */
  location: string;
  sessionToken: string | null;
}

/** A refusal the login page explains (docs/organizations.md lists each). */
export class SsoRefusal extends Error {
  constructor(readonly failure: SsoFailure) {
    super(failure);
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is only for an IdP on this machine (development and tests); everything else is https. */
function isLoopback(url: string): boolean {
  return LOOPBACK.has(new URL(url).hostname);
}

/** An openid-client or oauth4webapi error, told apart by its code (or its cause's) and the claim it names. */
function oidcFailure(error: unknown): SsoFailure {
  const layers = [error, (error as { cause?: unknown }).cause].filter(Boolean) as Array<{
    code?: string;
    message?: string;
    cause?: { claim?: string };
  }>;
  const has = (test: (layer: (typeof layers)[number]) => boolean) => layers.some(test);
  if (has((layer) => layer.code === 'OAUTH_KEY_SELECTION_FAILED' || /signature/i.test(layer.message ?? ''))) {
    return SsoFailure.Signature;
  }
  if (has((layer) => layer.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')) return SsoFailure.Expired;
  if (has((layer) => layer.cause?.claim === 'aud' || /"aud"/.test(layer.message ?? '')))
    return SsoFailure.Audience;
  if (has((layer) => /"state"/.test(layer.message ?? ''))) return SsoFailure.State;
  return SsoFailure.Failed;
}

/** A node-saml error by its message (the library has no codes). */
function samlFailure(error: unknown): SsoFailure {
  const message = error instanceof Error ? error.message : '';
  if (/InResponseTo/.test(message)) return SsoFailure.State;
  if (/signature/i.test(message)) return SsoFailure.Signature;
  if (/audience/i.test(message)) return SsoFailure.Audience;
  // node-saml drops a bearer confirmation outside its time window: "No valid subject confirmation".
  if (/expired|not yet valid|subject confirmation/i.test(message)) return SsoFailure.Expired;
  return SsoFailure.Failed;
}

function checkCertificate(pem: string): string {
  const trimmed = pem.trim();
  try {
    if (trimmed.includes('BEGIN CERTIFICATE')) new X509Certificate(trimmed);
    else createPublicKey(trimmed);
  } catch {
    throw new AppError(400, SsoErrors.InvalidCertificate, { idp_cert: SsoErrors.InvalidCertificate });
  }
  return trimmed;
}

/** The organization's key for signing our SAML messages (logout, and the AuthnRequest's query). */
function newSpPrivateKey(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

function publicKeyOf(privateKeyPem: string | null): string | null {
  if (!privateKeyPem) return null;
  return createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
}

/** What a SAML session is known by at the IdP (for LogoutRequests either way). */
export interface SamlSessionName {
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
}

export function createSsoService(deps: SsoDeps) {
  const { db, clock, access, accounts, sessions, notifications, publicUrl } = deps;
  const oidcRedirectUri = `${publicUrl}/api/sso/oidc/callback`;
  const acsUrl = (organizationId: number) => `${publicUrl}/sso/saml/${organizationId}/acs`;
  const entityId = (organizationId: number) => `${publicUrl}/sso/saml/${organizationId}`;
  const sloUrl = (organizationId: number) => `${publicUrl}/sso/saml/${organizationId}/slo`;
  const scimBaseUrl = `${publicUrl}/scim/v2`;

  async function requireAdmin(userId: number, organizationId: number) {
    const membership = (await access.membershipsOf(userId)).find(
      (entry) => entry.organization.id === organizationId,
    );
    if (!membership) throw notFound(OrganizationErrors.NotAMember);
    if (!canManageUsers({ member: membership.member, managedMemberIds: new Set() })) {
      throw forbidden(OrganizationErrors.NotAllowed);
    }
    return membership;
  }

  async function discover(config: repo.SsoConfigRow): Promise<oidc.Configuration> {
    const issuer = config.oidcIssuer ?? '';
    try {
      const configuration = await oidc.discovery(
        new URL(issuer),
        config.oidcClientId ?? '',
        config.oidcClientSecret ?? undefined,
        undefined,
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      // The ID token's JWS signature is verified against the IdP's JWKS, not only trusted for its channel.
      oidc.enableNonRepudiationChecks(configuration);
      return configuration;
    } catch {
      throw new AppError(503, SsoErrors.IdpUnreachable);
    }
  }

  function samlFor(organizationId: number, config: repo.SsoConfigRow, cacheProvider: CacheProvider) {
    return new SAML({
      callbackUrl: acsUrl(organizationId),
      entryPoint: config.samlEntryPoint ?? '',
      issuer: entityId(organizationId),
      audience: entityId(organizationId),
      idpIssuer: config.samlIdpIssuer ?? undefined,
      idpCert: config.samlIdpCert ?? '',
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SSO_LOGIN_TTL_MS,
      disableRequestedAuthnContext: true,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      cacheProvider,
      // Single logout: the IdP's SingleLogoutService, ours, and our messages signed with the SP key.
      logoutUrl: config.samlLogoutUrl ?? undefined,
      logoutCallbackUrl: sloUrl(organizationId),
      ...(config.samlSpPrivateKey
        ? { privateKey: config.samlSpPrivateKey, signatureAlgorithm: 'sha256' as const }
        : {}),
    });
  }

  /**
   * node-saml keeps the AuthnRequest IDs it is waiting for in a cache: ours is the sign-ins table, so any
   * API process can take the answer, and an ID is good once (`removeAsync` uses it up; a replay finds it
   * used). `consumed` says whether this very validation used it up — two racing posts cannot both win.
   */
  function loginCache(organizationId: number, email: string) {
    let consumed = false;
    const provider: CacheProvider = {
      async saveAsync(key, value) {
        const now = clock.now();
        await repo.insertLogin(db, {
          id: hashToken(`saml:${key}`),
          organizationId,
          protocol: SsoProtocol.Saml,
          email,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SSO_LOGIN_TTL_MS),
        });
        return { value, createdAt: now.getTime() };
      },
      async getAsync(key) {
        const row = await repo.findLogin(db, hashToken(`saml:${key}`));
        const now = clock.now();
        if (!row || row.organizationId !== organizationId || row.usedAt || row.expiresAt <= now) return null;
        // node-saml compares this with its own clock against requestIdExpirationPeriodMs.
        return new Date().toISOString();
      },
      async removeAsync(key) {
        if (!key) return null;
        const row = await repo.consumeLogin(db, hashToken(`saml:${key}`), clock.now());
        if (row && row.organizationId === organizationId) consumed = true;
        return row ? key : null;
      },
    };
    return { provider, wasConsumed: () => consumed };
  }

  /** The organization may take this person: their address is in its domains and a seat is free. */
  async function admit(
    organizationId: number,
    email: string,
    client: { ip: string | null; userAgent: string | null },
    fullName: string,
    samlName: SamlSessionName | null = null,
  ) {
    if (!isEmail(email)) throw new SsoRefusal(SsoFailure.Domain);
    const domains = await repo.domainsOf(db, organizationId);
    if (!domains.includes(emailDomainOf(email))) throw new SsoRefusal(SsoFailure.Domain);
    const address = email.toLowerCase();
    const joined = await db.transaction(async (tx) => {
      const existing = await repo.findMemberByEmail(tx, organizationId, address);
      if (existing) return false;
      const [subscription] = await orgRepo.findSubscriptions(tx, [organizationId]);
      const used = await orgRepo.countMembers(tx, organizationId);
      if (used + 1 > seatLimit(subscription)) throw new SsoRefusal(SsoFailure.Seats);
      await orgRepo.insertMembers(tx, [
        {
          organizationId,
          email: address,
          userId: null,
          role: EnterpriseRole.Learner,
          adminLevel: null,
          createdAt: clock.now(),
        },
      ]);
      return true;
    });
    const signedIn = await accounts.signInVerified({ email: address, fullName }, client);
    await orgRepo.claimMembershipsByEmail(db, signedIn.userId, address);
    await repo.recordSession(db, {
      sessionId: hashToken(signedIn.sessionToken),
      organizationId,
      userId: signedIn.userId,
      samlNameId: samlName?.nameId ?? null,
      samlNameIdFormat: samlName?.nameIdFormat ?? null,
      samlSessionIndex: samlName?.sessionIndex ?? null,
    });
    if (joined) {
      const organization = await orgRepo.findOrganization(db, organizationId);
      await notifications.notify(db, [
        {
          userId: signedIn.userId,
          type: NotificationType.AddedToOrganization,
          title: `You joined ${organization?.name ?? 'your organization'} through single sign-on`,
        },
      ]);
    }
    return signedIn;
  }

  const refusal = (failure: SsoFailure): SsoOutcome => ({
    location: `/login?sso_error=${failure}`,
    sessionToken: null,
  });

  return {
    async config(userId: number, organizationId: number): Promise<SsoConfigResponse> {
      const membership = await requireAdmin(userId, organizationId);
      const config = await repo.findConfig(db, organizationId);
      return {
        organization_id: organizationId,
        login_method: membership.organization.loginMethod,
        config: config
          ? {
              protocol: config.protocol,
              email_domains: await repo.domainsOf(db, organizationId),
              oidc:
                config.protocol === SsoProtocol.Oidc
                  ? {
                      issuer: config.oidcIssuer ?? '',
                      client_id: config.oidcClientId ?? '',
                      has_client_secret: Boolean(config.oidcClientSecret),
                    }
                  : null,
              saml:
                config.protocol === SsoProtocol.Saml
                  ? {
                      entry_point: config.samlEntryPoint ?? '',
                      idp_issuer: config.samlIdpIssuer ?? '',
                      has_idp_cert: Boolean(config.samlIdpCert),
                      logout_url: config.samlLogoutUrl,
                    }
                  : null,
            }
          : null,
        service_provider: {
          oidc_redirect_uri: oidcRedirectUri,
          saml_acs_url: acsUrl(organizationId),
          saml_entity_id: entityId(organizationId),
          saml_slo_url: sloUrl(organizationId),
          saml_sp_signing_key: publicKeyOf(config?.samlSpPrivateKey ?? null),
          scim_base_url: scimBaseUrl,
        },
        has_scim_token: await repo.hasScimToken(db, organizationId),
      };
    },

    async saveConfig(userId: number, organizationId: number, input: SsoConfigRequest) {
      await requireAdmin(userId, organizationId);
      const domains = [...new Set(input.email_domains)];
      const bad = domains.find((domain) => !isEmailDomain(domain));
      if (bad) throw new AppError(400, SsoErrors.InvalidDomain, { email_domains: SsoErrors.InvalidDomain });
      const previous = await repo.findConfig(db, organizationId);
      const now = clock.now();
      let values: typeof repo.ssoConfigs.$inferInsert;
      if (input.protocol === SsoProtocol.Oidc) {
        const secret =
          input.client_secret ?? (previous?.protocol === SsoProtocol.Oidc ? previous.oidcClientSecret : null);
        if (!secret)
          throw new AppError(400, SsoErrors.ClientSecretRequired, {
            client_secret: SsoErrors.ClientSecretRequired,
          });
        values = {
          organizationId,
          protocol: SsoProtocol.Oidc,
          oidcIssuer: input.issuer,
          oidcClientId: input.client_id,
          oidcClientSecret: secret,
          samlEntryPoint: null,
          samlIdpIssuer: null,
          samlIdpCert: null,
          samlLogoutUrl: null,
          updatedAt: now,
        };
      } else {
        values = {
          organizationId,
          protocol: SsoProtocol.Saml,
          oidcIssuer: null,
          oidcClientId: null,
          oidcClientSecret: null,
          samlEntryPoint: input.entry_point,
          samlIdpIssuer: input.idp_issuer,
          samlIdpCert: checkCertificate(input.idp_cert),
          samlLogoutUrl: input.logout_url ?? null,
          // Made once and kept: the IdP holds its public half.
          samlSpPrivateKey: previous?.samlSpPrivateKey ?? newSpPrivateKey(),
          updatedAt: now,
        };
      }
      await db.transaction(async (tx) => {
        if (!(await repo.replaceDomains(tx, organizationId, domains))) {
          throw new AppError(409, SsoErrors.DomainTaken, { email_domains: SsoErrors.DomainTaken });
        }
        await repo.saveConfig(tx, values);
      });
      return this.config(userId, organizationId);
    },

    async setLoginMethod(userId: number, organizationId: number, input: LoginMethodRequest) {
      await requireAdmin(userId, organizationId);
      if (input.login_method !== LoginMethod.Password && !(await repo.findConfig(db, organizationId))) {
        throw new AppError(400, SsoErrors.SsoRequiredForMethod);
      }
      await repo.setLoginMethod(db, organizationId, input.login_method);
      return { login_method: input.login_method };
    },

    /** A new SCIM bearer token for the organization; the previous one stops working at once. */
    async newScimToken(userId: number, organizationId: number): Promise<ScimTokenResponse> {
      await requireAdmin(userId, organizationId);
      const token = `scim_${randomBytes(32).toString('base64url')}`;
      await repo.saveScimToken(db, organizationId, hashToken(token), clock.now());
      return { token, scim_base_url: scimBaseUrl };
    },

    /**
     * "Sign in with SSO": the organization whose SSO owns the address's domain, and the IdP URL to go to.
     * `browserToken` goes into an httpOnly cookie: the OIDC answer is accepted only in the same browser.
     */
    async start(email: string, browserToken: string): Promise<SsoStartResponse> {
      const address = email.trim().toLowerCase();
      const organizationId = isEmail(address)
        ? await repo.organizationOfDomain(db, emailDomainOf(address))
        : null;
      const config = organizationId === null ? undefined : await repo.findConfig(db, organizationId);
      if (organizationId === null || !config) throw notFound(SsoErrors.NoSsoForDomain);
      const now = clock.now();
      await repo.deleteLoginsExpiredBefore(db, new Date(now.getTime() - SSO_LOGIN_TTL_MS));
      if (config.protocol === SsoProtocol.Oidc) {
        const configuration = await discover(config);
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const verifier = oidc.randomPKCECodeVerifier();
        await repo.insertLogin(db, {
          id: hashToken(state),
          organizationId,
          protocol: SsoProtocol.Oidc,
          codeVerifier: verifier,
          nonce,
          browserHash: hashToken(browserToken),
          email: address,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SSO_LOGIN_TTL_MS),
        });
        const url = oidc.buildAuthorizationUrl(configuration, {
          redirect_uri: oidcRedirectUri,
          scope: 'openid email profile',
          response_type: 'code',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
          login_hint: address,
        });
        return { redirect_url: url.href };
      }
      const cache = loginCache(organizationId, address);
      const url = await samlFor(organizationId, config, cache.provider).getAuthorizeUrlAsync('', undefined, {
        additionalParams: { login_hint: address },
      });
      return { redirect_url: url };
    },

    /** The IdP sent the browser back with a code: exchange it, verify the ID token, sign the person in. */
    async oidcCallback(
      callbackUrl: string,
      state: string | undefined,
      browserToken: string | undefined,
      client: { ip: string | null; userAgent: string | null },
    ): Promise<SsoOutcome> {
      if (!state) return refusal(SsoFailure.State);
      const login = await repo.consumeLogin(db, hashToken(state), clock.now());
      if (!login || login.protocol !== SsoProtocol.Oidc) return refusal(SsoFailure.State);
      if (!browserToken || login.browserHash !== hashToken(browserToken)) return refusal(SsoFailure.State);
      const config = await repo.findConfig(db, login.organizationId);
      if (!config || config.protocol !== SsoProtocol.Oidc) return refusal(SsoFailure.Failed);
      let claims: oidc.IDToken | undefined;
      try {
        const configuration = await discover(config);
        const tokens = await oidc.authorizationCodeGrant(configuration, new URL(callbackUrl), {
          pkceCodeVerifier: login.codeVerifier ?? '',
          expectedState: state,
          expectedNonce: login.nonce ?? '',
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        return refusal(error instanceof AppError ? SsoFailure.Failed : oidcFailure(error));
      }
      const email = typeof claims?.email === 'string' ? claims.email : '';
      if (!email || claims?.email_verified === false) return refusal(SsoFailure.Domain);
      const name = typeof claims?.name === 'string' ? claims.name : '';
      try {
        const signedIn = await admit(login.organizationId, email, client, name);
        return { location: signedIn.created ? SSO_SIGNUP_HOME : '/', sessionToken: signedIn.sessionToken };
      } catch (error) {
        if (error instanceof SsoRefusal) return refusal(error.failure);
        throw error;
      }
    },

    /** The IdP posted a SAML Response to the organization's ACS. */
    async samlAcs(
      organizationId: number,
      body: { SAMLResponse: string; RelayState?: string },
      client: { ip: string | null; userAgent: string | null },
    ): Promise<SsoOutcome> {
      const config = await repo.findConfig(db, organizationId);
      if (!config || config.protocol !== SsoProtocol.Saml) return refusal(SsoFailure.Failed);
      const cache = loginCache(organizationId, '');
      let email = '';
      let name = '';
      let samlName: SamlSessionName | null = null;
      try {
        const { profile } = await samlFor(organizationId, config, cache.provider).validatePostResponseAsync({
          SAMLResponse: body.SAMLResponse,
        });
        if (!profile) return refusal(SsoFailure.Failed);
        email = String(profile.email ?? profile.nameID ?? '');
        samlName = profile.nameID
          ? {
              nameId: profile.nameID,
              nameIdFormat: profile.nameIDFormat ?? null,
              sessionIndex: profile.sessionIndex ?? null,
            }
          : null;
        const given = typeof profile.firstName === 'string' ? profile.firstName : '';
        const family = typeof profile.lastName === 'string' ? profile.lastName : '';
        name = `${given} ${family}`.trim();
      } catch (error) {
        return refusal(samlFailure(error));
      }
      // Each AuthnRequest ID answers one response: the one that used it up is the only one accepted.
      if (!cache.wasConsumed()) return refusal(SsoFailure.State);
      try {
        const signedIn = await admit(organizationId, email, client, name, samlName);
        return { location: signedIn.created ? SSO_SIGNUP_HOME : '/', sessionToken: signedIn.sessionToken };
      } catch (error) {
        if (error instanceof SsoRefusal) return refusal(error.failure);
        throw error;
      }
    },

    /** Reads pasted or uploaded IdP metadata into the SAML form's fields (nothing is saved). */
    async readMetadata(userId: number, organizationId: number, xml: string): Promise<SamlMetadataResponse> {
      await requireAdmin(userId, organizationId);
      const parsed = parseIdpMetadata(xml);
      if ('error' in parsed) throw new AppError(400, parsed.error, { metadata_xml: parsed.error });
      checkCertificate(parsed.idp_cert);
      return parsed;
    },

    /**
     * Signs out (SP-initiated single logout): the platform session ends here at once; when it was opened
     * through SAML and the IdP has a logout URL, the answer names the signed LogoutRequest to go to.
     */
    async logout(sessionId: string | null): Promise<SsoLogoutResponse> {
      if (!sessionId) return { ok: true, redirect_url: null };
      const record = await repo.findSession(db, sessionId);
      await sessions.revoke(sessionId);
      if (!record?.samlNameId) return { ok: true, redirect_url: null };
      const config = await repo.findConfig(db, record.organizationId);
      if (config?.protocol !== SsoProtocol.Saml || !config.samlLogoutUrl)
        return { ok: true, redirect_url: null };
      const cache = loginCache(record.organizationId, '');
      const url = await samlFor(record.organizationId, config, cache.provider).getLogoutUrlAsync(
        {
          issuer: config.samlIdpIssuer ?? '',
          nameID: record.samlNameId,
          nameIDFormat: record.samlNameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          ...(record.samlSessionIndex ? { sessionIndex: record.samlSessionIndex } : {}),
        } as Profile,
        '',
        {},
      );
      return { ok: true, redirect_url: url };
    },

    /**
     * The IdP's side of single logout at `/sso/saml/{id}/slo`: a LogoutResponse to our request (HTTP-Redirect)
     * or an IdP-initiated LogoutRequest (HTTP-Redirect or HTTP-POST). Only signed messages from the
     * configured issuer count. A LogoutRequest ends the sessions it names and answers with our signed
     * LogoutResponse; the browser goes there (or home after a LogoutResponse).
     */
    async samlLogout(
      organizationId: number,
      message:
        | { binding: 'redirect'; query: Record<string, string>; rawQuery: string }
        | { binding: 'post'; body: { SAMLRequest: string; RelayState?: string } },
    ): Promise<string> {
      const config = await repo.findConfig(db, organizationId);
      if (config?.protocol !== SsoProtocol.Saml) throw notFound(SsoErrors.NotConfigured);
      const cache = loginCache(organizationId, '');
      const saml = samlFor(organizationId, config, cache.provider);
      let result: { profile: Profile | null; loggedOut: boolean };
      try {
        if (message.binding === 'redirect') {
          const hasMessage = Boolean(message.query.SAMLRequest ?? message.query.SAMLResponse);
          // node-saml takes an unsigned redirect message as valid: the signature is required here.
          if (!hasMessage || !message.query.Signature || !message.query.SigAlg) throw new Error('unsigned');
          result = await saml.validateRedirectAsync(message.query, message.rawQuery);
        } else {
          result = await saml.validatePostRequestAsync({ SAMLRequest: message.body.SAMLRequest });
        }
      } catch {
        throw new AppError(400, SsoErrors.LogoutRefused);
      }
      const profile = result.profile;
      if (!profile) return '/';
      const ended = await repo.sessionsOfNameId(
        db,
        organizationId,
        profile.nameID,
        typeof profile.sessionIndex === 'string' ? profile.sessionIndex : null,
      );
      for (const sessionId of ended) await sessions.revoke(sessionId);
      const relayState =
        message.binding === 'redirect' ? (message.query.RelayState ?? '') : (message.body.RelayState ?? '');
      return saml.getLogoutResponseUrlAsync(profile, relayState, {}, true);
    },

    /** Ends the sessions this person opened through the organization's SSO (deprovisioning). */
    async endSessions(organizationId: number, userId: number): Promise<void> {
      for (const sessionId of await repo.sessionsOf(db, organizationId, userId)) {
        await sessions.revoke(sessionId);
      }
    },

    /** For password logins: the organization that requires SSO for this address, if any. */
    async requiresSso(email: string): Promise<boolean> {
      const organizationId = await repo.organizationOfDomain(db, emailDomainOf(email));
      if (organizationId === null) return false;
      const organization = await orgRepo.findOrganization(db, organizationId);
      return organization?.loginMethod === LoginMethod.Sso;
    },

    newBrowserToken: () => newToken(),
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
