import type { Lesson } from '@coderoom/contracts';
import {
  AdminLevel,
  EnterpriseRole,
  ErrorMessages,
  FeatureSet,
  SubscriptionKind,
  SubscriptionStatus,
  VersionState,
} from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { seedCoursePrice, seedPlans, seedSubscription } from '../../modules/commerce/commerce.seed.js';
import { buildOrganization } from '../../modules/organizations/organizations.test-support.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { createMailer } from '../mail/mailer.js';
import { type Database, openPostgres } from './database.js';

// Two API processes on one database (docs/performance.md, "Caches"): each keeps its own session and
// published-version caches, and what one process changes is right at once on the other. On PostgreSQL
// the second app has its own pool and its own LISTEN connection, as another process would; PGlite is one
// process by nature, so there the two apps share the embedded engine.

let t: TestApp & { databaseUrl?: string };
let secondDatabase: Database;
let second: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  secondDatabase = t.databaseUrl ? openPostgres(t.databaseUrl, 3) : t.database;
  second = await buildApp({
    config: { publicUrl: 'http://localhost:3000', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: secondDatabase,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: secondDatabase.db }),
    clock: t.clock,
    logger: false,
    runJobs: false,
  });
  await second.ready();
  await seedPlans(t.database.db);
});

afterAll(async () => {
  await second?.close();
  if (secondDatabase && secondDatabase !== t.database) await secondDatabase.close();
  await t?.close();
});

/** The same browser talking to the other process (a load balancer without sticky sessions). */
function sameBrowserOn(app: FastifyInstance, client: TestClient): TestClient {
  const moved = new TestClient(app, client.ip);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

async function logIn(app: FastifyInstance, user: { email: string; password: string }) {
  const client = new TestClient(app);
  expect(
    (await client.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
  ).toBe(200);
  return client;
}

describe('two API processes on one database', () => {
  it('share sessions, and a logout on one ends the session on the other', async () => {
    const course = await buildCourse(t.database, { title: 'Two Process Course' });
    const onFirst = await logIn(t.app, course.author);
    const onSecond = sameBrowserOn(second, onFirst);
    // Created through the first, used (and cached) through the second.
    expect((await onSecond.get('/api/user/info')).statusCode).toBe(200);
    expect((await onSecond.get('/api/user/info')).statusCode).toBe(200);

    expect((await onFirst.post('/api/user/logout')).statusCode).toBe(200);
    // The NOTIFY reaches the other process's listener when the delete commits: poll, never sleep. The
    // deadline is under the cache's own 5 s, so only the notification can end it in time.
    const stale = sameBrowserOn(second, onSecond);
    await waitFor(
      async () => (await stale.get('/api/user/info')).statusCode === 401,
      'the revocation to reach the other process',
      2_500,
    );
  });

  it('show a publish made on one process at once on the other', async () => {
    const course = await buildCourse(t.database, { title: 'Republished Course' });
    const pageId = course.pageIds[1] ?? 0;
    const ids = `${course.author.id}/collection/${course.collection.id}`;
    const learner = await logIn(second, await buildUser(t.database));
    const lessonUrl = `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${pageId}`;
    // The second process reads (and caches) the published version.
    const first = await learner.get(lessonUrl);
    expect(first.statusCode, first.body).toBe(200);
    const before = first.json() as Lesson;
    expect(JSON.stringify(before.page.components)).not.toContain('Second edition.');

    // The author edits and publishes through the first process.
    const author = await logIn(t.app, course.author);
    const draftUrl = `/api/author/${ids}/page/${pageId}`;
    const draft = (await author.get(draftUrl)).json() as { page: { etag: string } };
    const saved = await author.request(
      'PUT',
      draftUrl,
      { components: [{ type: 'MarkdownEditor', comp_id: 'md-1', content: { text: 'Second edition.' } }] },
      { headers: { 'if-match': draft.page.etag } },
    );
    expect(saved.statusCode).toBe(200);
    expect((await author.post(`/api/author/page/${pageId}/publish`)).statusCode).toBe(200);

    // No waiting: the second process reads the live version's id with every request. Its prepared
    // answer for the old version is not sent, nor a 304 for the tag the learner holds.
    const revalidated = await learner.request('GET', lessonUrl, undefined, {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers.etag).not.toBe(first.headers.etag);
    const after = revalidated.json() as Lesson;
    expect(JSON.stringify(after.page.components)).toContain('Second edition.');
  });

  // The read path keeps every access input in per-process caches (docs/performance.md, "Caches"). Each
  // case warms the second process's caches, changes a right through the first process (or through SQL,
  // as a job or another tool would write), and expects the second to answer differently. The change
  // reaches it by NOTIFY when the write commits: poll, never sleep; the deadline is short, and nothing
  // in these caches expires by time, so only the notification can end it.
  const lessonOf = (course: Awaited<ReturnType<typeof buildCourse>>, index: number, draft = false) =>
    `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${course.pageIds[index]}${draft ? '?draft=true' : ''}`;
  const NOTIFIED_WITHIN_MS = 2_500;
  /**
   * Reads until the second process answers from its caches: a published read then sends no statement.
   * (A first read records a visit, and its notification, which reaches PostgreSQL's listener a moment
   * later, drops what the reads around it cached: so poll.)
   */
  async function warm(client: TestClient, url: string, status: number, published = true) {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(status);
    if (!published) return;
    await waitFor(
      async () => {
        const before = secondDatabase.stats.statements;
        expect((await client.get(url)).statusCode).toBe(status);
        return secondDatabase.stats.statements === before;
      },
      'a read answered from the caches',
      NOTIFIED_WITHIN_MS,
    );
  }

  it('take a lesson away at once when an organization member is removed through the other process', async () => {
    const course = await buildCourse(t.database, { title: 'Organization Course', topic: 'Go' });
    const reader = await buildUser(t.database, { fullName: 'Org Reader' });
    const admin = await buildUser(t.database, { fullName: 'Org Admin' });
    const email = reader.email.toLowerCase();
    // The first organization lets its members read everything; the second leaves this course out.
    const open = await buildOrganization(t.database, {
      name: 'A Open',
      members: [
        { email, userId: reader.id, role: EnterpriseRole.Learner },
        {
          email: admin.email.toLowerCase(),
          userId: admin.id,
          role: EnterpriseRole.Admin,
          adminLevel: AdminLevel.SuperAdmin,
        },
      ],
    });
    await buildOrganization(t.database, {
      name: 'B Closed',
      excluded: [{ author_id: course.author.id, work_id: course.collection.id }],
      members: [{ email, userId: reader.id, role: EnterpriseRole.Learner }],
    });
    const onSecond = await logIn(second, reader);
    const url = lessonOf(course, 1);
    await warm(onSecond, url, 200);
    const held = String((await onSecond.get(url)).headers.etag);

    const onFirst = await logIn(t.app, admin);
    const memberId = open.memberIds.get(email);
    const removed = await onFirst.put(`/api/organization/${open.organizationId}/users/remove`, {
      member_ids: [memberId],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // Left with the organization that excludes the course: the spec's 404 on the other process.
    await waitFor(
      async () => (await onSecond.get(url)).statusCode === 404,
      'the removal to reach the other process',
      NOTIFIED_WITHIN_MS,
    );
    expect((await onSecond.get(url)).json()).toEqual({ errorText: ErrorMessages.NotIncludedInSubscription });
    // Revalidating the answer it held is refused the same way, never a 304.
    const revalidated = await onSecond.request('GET', url, undefined, { headers: { 'if-none-match': held } });
    expect(revalidated.statusCode).toBe(404);
    // user info follows the same notification.
    const info = (await onSecond.get('/api/user/info')).json() as {
      enterprise: { organizations: Array<{ name: string }> };
    };
    expect(info.enterprise.organizations.map((entry) => entry.name)).toEqual(['B Closed']);
  });

  it('refuse a priced lesson at once after a refund, and when the subscription ends by the clock', async () => {
    const course = await buildCourse(t.database, { title: 'Priced Course', isFree: false, preview: [0] });
    await seedCoursePrice(t.database.db, course.collection.id, {
      priceCents: 3900,
      minFeatureSet: FeatureSet.Standard,
    });
    const refundedUser = await buildUser(t.database, { fullName: 'Refunded Reader' });
    const expiringUser = await buildUser(t.database, { fullName: 'Expiring Reader' });
    const DAY = 86_400_000;
    for (const [user, days] of [
      [refundedUser, 365],
      [expiringUser, 2],
    ] as const) {
      await seedSubscription(t.database.db, t.clock, {
        userId: user.id,
        planKey: '200-12-6000',
        status: SubscriptionStatus.Active,
        kind: SubscriptionKind.Paid,
        expiresAt: new Date(t.clock.now().getTime() + days * DAY),
      });
    }
    const url = lessonOf(course, 2);
    const refunded = await logIn(second, refundedUser);
    const expiring = await logIn(second, expiringUser);
    await warm(refunded, url, 200);
    await warm(expiring, url, 200);
    // The readers hold the prepared answers' tags: a revalidation is checked like any read.
    const heldByRefunded = String((await refunded.get(url)).headers.etag);
    const heldByExpiring = String((await expiring.get(url)).headers.etag);
    const revalidate = (client: TestClient, etag: string) =>
      client.request('GET', url, undefined, { headers: { 'if-none-match': etag } });
    expect((await revalidate(refunded, heldByRefunded)).statusCode).toBe(304);
    expect(
      ((await refunded.get('/api/user/info')).json() as { is_user_subscribed: boolean }).is_user_subscribed,
    ).toBe(true);

    // Settlement returns the plan (7003) in its own transaction, as the refund and chargeback jobs do.
    await t.database.db.execute(
      `UPDATE subscriptions SET status = ${SubscriptionStatus.Returned} WHERE user_id = ${refundedUser.id}`,
    );
    await waitFor(
      async () => (await refunded.get(url)).statusCode === 403,
      'the refund to reach the other process',
      NOTIFIED_WITHIN_MS,
    );
    expect((await revalidate(refunded, heldByRefunded)).statusCode).toBe(403);
    expect(
      ((await refunded.get('/api/user/info')).json() as { is_user_subscribed: boolean }).is_user_subscribed,
    ).toBe(false);

    // An end date needs no write: the cached subscription is compared with the clock on every read.
    t.clock.advance(3 * DAY);
    expect((await revalidate(expiring, heldByExpiring)).statusCode).toBe(403);
    expect((await expiring.get(url)).statusCode).toBe(403);
    expect((await expiring.get(lessonOf(course, 0))).statusCode).toBe(200);
  });

  it("show a learner's completion and a new editor's rights, written through one process, in the other's answers", async () => {
    const course = await buildCourse(t.database, { title: 'Prepared Answers Course', lessons: 3 });
    const learnerUser = await buildUser(t.database, { fullName: 'Prepared Reader' });
    const onSecond = await logIn(second, learnerUser);
    const url = lessonOf(course, 1);
    await warm(onSecond, url, 200);
    const warmed = await onSecond.get(url);
    const held = String(warmed.headers.etag);
    expect((warmed.json() as Lesson).is_completed).toBe(false);
    expect((warmed.json() as Lesson).course.can_edit).toBe(false);

    // Completed through the first process: the second's prepared answer is not sent again.
    const onFirst = sameBrowserOn(t.app, onSecond);
    expect((await onFirst.put(`${url}/completion`, { completed: true })).statusCode).toBe(200);
    await waitFor(
      async () => ((await onSecond.get(url)).json() as Lesson).is_completed,
      'the completion to reach the other process',
      NOTIFIED_WITHIN_MS,
    );
    const revalidated = await onSecond.request('GET', url, undefined, { headers: { 'if-none-match': held } });
    expect(revalidated.statusCode).toBe(200);
    expect((revalidated.json() as Lesson).progress?.completed_page_ids).toEqual([course.pageIds[1]]);

    // Made an editing collaborator through the first process: the same reader now gets the editor's answer.
    const owner = await logIn(t.app, course.author);
    const collaborators = `/api/author/${course.author.id}/collection/${course.collection.id}/collaborators`;
    const added = await owner.post(collaborators, {
      email: learnerUser.email,
      role: 'collaborator',
      access: 'editor',
    });
    expect(added.statusCode, added.body).toBe(201);
    await waitFor(
      async () => ((await onSecond.get(url)).json() as Lesson).course.can_edit,
      'the new role to reach the other process',
      NOTIFIED_WITHIN_MS,
    );
    // Another reader of the same lesson still gets the reader's answer.
    const other = await logIn(second, await buildUser(t.database, { fullName: 'Plain Reader' }));
    expect(((await other.get(url)).json() as Lesson).course.can_edit).toBe(false);
  });

  it('take an unpublished course away at once, whoever wrote the change', async () => {
    const course = await buildCourse(t.database, { title: 'Withdrawn Course' });
    const learner = await logIn(second, await buildUser(t.database));
    const url = lessonOf(course, 1);
    await warm(learner, url, 200);
    // Written as an operator's tool or a job would: no service, only the row and its trigger.
    await t.database.db.execute(
      `UPDATE collection_versions SET state = ${VersionState.Obsolete} WHERE collection_id = ${course.collection.id}`,
    );
    await waitFor(
      async () => (await learner.get(url)).statusCode === 404,
      'the unpublish to reach the other process',
      NOTIFIED_WITHIN_MS,
    );
  });

  it('refuse the draft at once to a collaborator removed through the other process', async () => {
    const course = await buildCourse(t.database, { title: 'Shared Draft Course' });
    const collaborator = await buildUser(t.database, { fullName: 'Cora Collaborator' });
    const owner = await logIn(t.app, course.author);
    const collaborators = `/api/author/${course.author.id}/collection/${course.collection.id}/collaborators`;
    const added = await owner.post(collaborators, { email: collaborator.email, role: 'collaborator' });
    expect(added.statusCode, added.body).toBe(201);
    const onSecond = await logIn(second, collaborator);
    const url = lessonOf(course, 1, true);
    await warm(onSecond, url, 200, false);

    const removed = await owner.request('DELETE', `${collaborators}/${collaborator.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await waitFor(
      async () => (await onSecond.get(url)).statusCode === 404,
      'the removal to reach the other process',
      NOTIFIED_WITHIN_MS,
    );
  });
});
