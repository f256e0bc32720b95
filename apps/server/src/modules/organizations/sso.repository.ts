import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';
import { organizationMembers, organizations } from './organizations.repository.js';

// SQL of single sign-on and SCIM (0041_organization_sso.sql, the source of truth).

export const ssoConfigs = pgTable('organization_sso_configs', {
  organizationId: bigint('organization_id', { mode: 'number' }).primaryKey(),
  protocol: text('protocol').$type<'oidc' | 'saml'>().notNull(),
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  oidcClientSecret: text('oidc_client_secret'),
  samlEntryPoint: text('saml_entry_point'),
  samlIdpIssuer: text('saml_idp_issuer'),
  samlIdpCert: text('saml_idp_cert'),
  samlLogoutUrl: text('saml_logout_url'),
  samlSpPrivateKey: text('saml_sp_private_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type SsoConfigRow = typeof ssoConfigs.$inferSelect;

export const ssoDomains = pgTable('organization_sso_domains', {
  domain: text('domain').primaryKey(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
});

export const ssoLogins = pgTable('organization_sso_logins', {
  id: text('id').primaryKey(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  protocol: text('protocol').$type<'oidc' | 'saml'>().notNull(),
  codeVerifier: text('code_verifier'),
  nonce: text('nonce'),
  browserHash: text('browser_hash'),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
export type SsoLoginRow = typeof ssoLogins.$inferSelect;

export const ssoSessions = pgTable('organization_sso_sessions', {
  sessionId: text('session_id').primaryKey(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  samlNameId: text('saml_name_id'),
  samlNameIdFormat: text('saml_name_id_format'),
  samlSessionIndex: text('saml_session_index'),
});
export type SsoSessionRow = typeof ssoSessions.$inferSelect;

export const scimTokens = pgTable('organization_scim_tokens', {
  organizationId: bigint('organization_id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const scimUsers = pgTable('organization_scim_users', {
  id: text('id').primaryKey(),
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  externalId: text('external_id'),
  userName: text('user_name').notNull(),
  givenName: text('given_name'),
  familyName: text('family_name'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type ScimUserRow = typeof scimUsers.$inferSelect;

// Configuration.

export async function findConfig(db: DbExecutor, organizationId: number) {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.organizationId, organizationId));
  return row;
}

export async function saveConfig(db: DbExecutor, values: typeof ssoConfigs.$inferInsert) {
  await db
    .insert(ssoConfigs)
    .values(values)
    .onConflictDoUpdate({ target: ssoConfigs.organizationId, set: { ...values } });
}

export async function domainsOf(db: DbExecutor, organizationId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, organizationId))
    .orderBy(asc(ssoDomains.domain));
  return rows.map((row) => row.domain);
}

/** The organization whose SSO signs in this domain, if any. */
export async function organizationOfDomain(db: DbExecutor, domain: string): Promise<number | null> {
  const [row] = await db.select().from(ssoDomains).where(eq(ssoDomains.domain, domain));
  return row?.organizationId ?? null;
}

/** Replaces the organization's domains; false when one of them belongs to another organization. */
export async function replaceDomains(db: DbExecutor, organizationId: number, domains: string[]) {
  await db.delete(ssoDomains).where(eq(ssoDomains.organizationId, organizationId));
  const inserted = await db
    .insert(ssoDomains)
    .values(domains.map((domain) => ({ domain, organizationId })))
    .onConflictDoNothing()
    .returning();
  return inserted.length === domains.length;
}

// Sign-ins in flight.

export async function insertLogin(db: DbExecutor, values: typeof ssoLogins.$inferInsert) {
  await db.insert(ssoLogins).values(values);
}

/** Uses the sign-in up in one statement: a second use (a replay) or a late one finds nothing. */
export async function consumeLogin(db: DbExecutor, id: string, now: Date): Promise<SsoLoginRow | undefined> {
  const [row] = await db
    .update(ssoLogins)
    .set({ usedAt: now })
    .where(and(eq(ssoLogins.id, id), isNull(ssoLogins.usedAt), gt(ssoLogins.expiresAt, now)))
    .returning();
  return row;
}

export async function findLogin(db: DbExecutor, id: string) {
  const [row] = await db.select().from(ssoLogins).where(eq(ssoLogins.id, id));
  return row;
}

export async function deleteLoginsExpiredBefore(db: DbExecutor, before: Date) {
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, before));
}

// Sessions opened through SSO.

export async function recordSession(db: DbExecutor, values: typeof ssoSessions.$inferInsert) {
  await db.insert(ssoSessions).values(values).onConflictDoNothing();
}

export async function sessionsOf(db: DbExecutor, organizationId: number, userId: number): Promise<string[]> {
  const rows = await db
    .select({ id: ssoSessions.sessionId })
    .from(ssoSessions)
    .where(and(eq(ssoSessions.organizationId, organizationId), eq(ssoSessions.userId, userId)));
  return rows.map((row) => row.id);
}

/** The SSO record of one platform session (null when it was not opened through SSO). */
export async function findSession(db: DbExecutor, sessionId: string): Promise<SsoSessionRow | undefined> {
  const [row] = await db.select().from(ssoSessions).where(eq(ssoSessions.sessionId, sessionId));
  return row;
}

/** Sessions of the organization the IdP's NameID (and, when given, its SessionIndex) names. */
export async function sessionsOfNameId(
  db: DbExecutor,
  organizationId: number,
  nameId: string,
  sessionIndex: string | null,
): Promise<string[]> {
  const rows = await db
    .select({ id: ssoSessions.sessionId })
    .from(ssoSessions)
    .where(
      and(
        eq(ssoSessions.organizationId, organizationId),
        eq(ssoSessions.samlNameId, nameId),
        ...(sessionIndex === null ? [] : [eq(ssoSessions.samlSessionIndex, sessionIndex)]),
      ),
    );
  return rows.map((row) => row.id);
}

// SCIM.

export async function saveScimToken(db: DbExecutor, organizationId: number, tokenHash: string, at: Date) {
  await db
    .insert(scimTokens)
    .values({ organizationId, tokenHash, createdAt: at })
    .onConflictDoUpdate({ target: scimTokens.organizationId, set: { tokenHash, createdAt: at } });
}

export async function hasScimToken(db: DbExecutor, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: scimTokens.organizationId })
    .from(scimTokens)
    .where(eq(scimTokens.organizationId, organizationId));
  return row !== undefined;
}

export async function organizationOfScimToken(db: DbExecutor, tokenHash: string): Promise<number | null> {
  const [row] = await db.select().from(scimTokens).where(eq(scimTokens.tokenHash, tokenHash));
  return row?.organizationId ?? null;
}

export async function insertScimUser(db: DbExecutor, values: typeof scimUsers.$inferInsert) {
  const [row] = await db.insert(scimUsers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findScimUser(db: DbExecutor, organizationId: number, id: string) {
  const [row] = await db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.organizationId, organizationId), eq(scimUsers.id, id)));
  return row;
}

export async function listScimUsers(
  db: DbExecutor,
  organizationId: number,
  options: { userName?: string; offset: number; limit: number },
) {
  const where = and(
    eq(scimUsers.organizationId, organizationId),
    options.userName === undefined ? undefined : eq(scimUsers.userName, options.userName),
  );
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(scimUsers).where(where);
  const rows = await db
    .select()
    .from(scimUsers)
    .where(where)
    .orderBy(asc(scimUsers.createdAt), asc(scimUsers.id))
    .offset(options.offset)
    .limit(options.limit);
  return { total: Number(total?.count ?? 0), rows };
}

/** The organization's SCIM users with these userNames (lower-cased e-mail addresses). */
export async function scimUsersByUserNames(
  db: DbExecutor,
  organizationId: number,
  userNames: readonly string[],
) {
  if (userNames.length === 0) return [];
  return db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.organizationId, organizationId), inArray(scimUsers.userName, [...userNames])));
}

/** The organization's SCIM users with these ids. */
export async function scimUsersByIds(db: DbExecutor, organizationId: number, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.organizationId, organizationId), inArray(scimUsers.id, [...ids])));
}

export async function updateScimUser(
  db: DbExecutor,
  id: string,
  patch: Partial<Pick<ScimUserRow, 'externalId' | 'givenName' | 'familyName' | 'active' | 'updatedAt'>>,
) {
  const [row] = await db.update(scimUsers).set(patch).where(eq(scimUsers.id, id)).returning();
  return row;
}

export async function deleteScimUser(db: DbExecutor, id: string) {
  await db.delete(scimUsers).where(eq(scimUsers.id, id));
}

// Organizations and members, as sign-in and provisioning need them.

export async function setLoginMethod(db: DbExecutor, organizationId: number, loginMethod: string) {
  await db.update(organizations).set({ loginMethod }).where(eq(organizations.id, organizationId));
}

export async function findMemberByEmail(db: DbExecutor, organizationId: number, email: string) {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.email, email)))
    .limit(1);
  return row;
}
