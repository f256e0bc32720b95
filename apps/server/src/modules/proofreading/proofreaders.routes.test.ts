import type {
  CreateShotResponse,
  NotificationItem,
  NotificationsResponse,
  ProofreadArticle,
  Proofreader,
  ProofreadersResponse,
  ProofreadQueue,
  ProofreadSuggestion,
} from '@coderoom/contracts';
import { NotificationType, ProofreadingMessages, ProofreadingNotices, ShotLicense } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { isProofreader } from './proofreading.repository.js';

// Who proofreads (docs/proofreading.md "Proofreaders"): platform super admins add and remove them; and
// what each move tells whom, in the bell and by mail ("Notifications").

let t: TestApp;
let admin: TestClient;
let author: TestClient;
let authorEmail: string;
let learner: TestClient;
let counter = 0;

async function logIn(user: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  return client;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await logIn(await buildUser(t.database, { admin: true, fullName: 'Sam Admin' }));
  const signedUp = await signUp(t.app, { full_name: 'Ada Article' });
  author = signedUp.client;
  authorEmail = signedUp.email;
  learner = (await signUp(t.app, { full_name: 'Lee Learner' })).client;
});
afterAll(async () => t?.close());

async function addByAdmin(email: string): Promise<Proofreader> {
  const response = await admin.post('/api/admin/proofreaders', { email });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Proofreader;
}

/** A new account made a proofreader through the admin's call, logged in. */
async function newProofreader(fullName: string) {
  const user = await buildUser(t.database, { fullName });
  const added = await addByAdmin(user.email);
  return { user, added, client: await logIn(user) };
}

/** A saved answer of the author and its proofreading address. */
async function article(): Promise<{ base: string; title: string }> {
  const created = (await author.post('/api/edpresso/shot/id', {})).json() as CreateShotResponse;
  counter += 1;
  const title = `How do I reverse a list? (${counter})`;
  const saved = await author.request(
    'PUT',
    `/api/edpresso/shot/${created.shotId}`,
    {
      title,
      url: `reverse-a-list-${counter}-${process.pid}`,
      components: [
        { type: 'MarkdownEditor', comp_id: 'intro', content: { text: 'Use teh reversed() function.' } },
      ],
      tags: ['lists'],
      programming_tags: ['Python'],
      topic_tags: ['reverse'],
      license: ShotLicense.CcBySa4,
      difficulty: 1000,
    },
    { headers: { etag: created.etag } },
  );
  expect(saved.statusCode).toBe(200);
  const queue = (await author.get('/api/proofread/articles')).json() as ProofreadQueue;
  const item = queue.items.find((entry) => entry.collection_id === created.shotId);
  if (!item) throw new Error('the new answer is not in the author queue');
  return { base: `/api/proofread/${item.author_id}/${item.collection_id}/document/${item.doc_id}`, title };
}

async function moveOk(client: TestClient, base: string, action: string): Promise<ProofreadArticle> {
  const response = await client.post(`${base}/transition`, { action });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProofreadArticle;
}

async function notices(client: TestClient): Promise<NotificationItem[]> {
  const response = await client.get('/api/workflow/notifications');
  expect(response.statusCode).toBe(200);
  return (response.json() as NotificationsResponse).notifications;
}

const mailTo = (email: string, subject: string) =>
  waitFor(async () => {
    const rows = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
    return rows.find((row) => row.subject === subject);
  }, `mail "${subject}" to ${email}`);

describe('managing proofreaders', () => {
  it('a platform admin adds someone by e-mail, lists them and removes them', async () => {
    const user = await buildUser(t.database, { fullName: 'Pia Proofreader' });
    const added = await addByAdmin(user.email.toUpperCase());
    expect(added).toMatchObject({ user_id: user.id, full_name: 'Pia Proofreader', email: user.email });
    expect(await isProofreader(t.database.db, user.id)).toBe(true);
    const list = (await admin.get('/api/admin/proofreaders')).json() as ProofreadersResponse;
    expect(list.proofreaders.map((entry) => entry.user_id)).toContain(user.id);
    // Their queue now offers submitted articles.
    const client = await logIn(user);
    expect(((await client.get('/api/proofread/articles')).json() as ProofreadQueue).is_proofreader).toBe(
      true,
    );

    const again = await admin.post('/api/admin/proofreaders', { email: user.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorText).toBe(ProofreadingMessages.AlreadyProofreader);

    const removed = await admin.request('DELETE', `/api/admin/proofreaders/${user.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as ProofreadersResponse).proofreaders.map((entry) => entry.user_id)).not.toContain(
      user.id,
    );
    expect(await isProofreader(t.database.db, user.id)).toBe(false);
    expect(((await client.get('/api/proofread/articles')).json() as ProofreadQueue).is_proofreader).toBe(
      false,
    );
    const gone = await admin.request('DELETE', `/api/admin/proofreaders/${user.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorText).toBe(ProofreadingMessages.NotAProofreader);
  });

  it('answers unknown and malformed addresses', async () => {
    const unknown = await admin.post('/api/admin/proofreaders', {
      email: `nobody-${process.pid}@example.com`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorText).toBe(ProofreadingMessages.NoSuchAccount);
    for (const body of [{ email: 'not an address' }, {}, { email: 'a@b.co', extra: 1 }]) {
      expect((await admin.post('/api/admin/proofreaders', body)).statusCode).toBe(400);
    }
  });

  it('refuses everyone but platform super admins', async () => {
    const { client: proofreader, user } = await newProofreader('Pat Proofreader');
    for (const client of [proofreader, learner, author]) {
      for (const response of [
        await client.get('/api/admin/proofreaders'),
        await client.post('/api/admin/proofreaders', { email: authorEmail }),
        await client.request('DELETE', `/api/admin/proofreaders/${user.id}`),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().errorText).toBe(ProofreadingMessages.NotAdmin);
      }
    }
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/admin/proofreaders')).statusCode).toBe(401);
    expect((await visitor.post('/api/admin/proofreaders', { email: authorEmail })).statusCode).toBe(401);
    expect(await isProofreader(t.database.db, user.id)).toBe(true);
  });

  it('keeps a proofreader who holds an open pass until it is finished', async () => {
    const { client: proofreader, user } = await newProofreader('Busy Proofreader');
    const { base } = await article();
    await moveOk(author, base, 'submit');
    await moveOk(proofreader, base, 'claim');
    const refused = await admin.request('DELETE', `/api/admin/proofreaders/${user.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorText).toBe(ProofreadingMessages.HoldsArticle);
    await moveOk(proofreader, base, 'finish_pass');
    expect((await admin.request('DELETE', `/api/admin/proofreaders/${user.id}`)).statusCode).toBe(200);
  });
});

describe('notifications of proofreading moves', () => {
  it('tells proofreaders of a submission, the author of released passes, the proofreader of the outcome', async () => {
    const { client: proofreader, user } = await newProofreader('Nia Notified');
    const { base, title } = await article();
    const link = base.replace(/^\/api/, '');

    await moveOk(author, base, 'submit');
    const submitted = ProofreadingNotices.Submitted(title);
    expect((await notices(proofreader)).find((item) => item.title === submitted.title)).toMatchObject({
      type: NotificationType.ProofreadSubmitted,
      body: submitted.body,
      link,
    });
    const mail = await mailTo(user.email, submitted.title);
    expect(mail.textBody).toContain(`http://localhost:3000${link}`);
    expect(mail.textBody).toContain('Comments and mentions');
    // The one who moved hears nothing of it.
    expect((await notices(author)).some((item) => item.title === submitted.title)).toBe(false);

    await moveOk(proofreader, base, 'claim');
    const suggestion = await proofreader.post(`${base}/pass/1/suggestions`, {
      comp_id: 'intro',
      original: 'teh',
      replacement: 'the',
    });
    expect(suggestion.statusCode, suggestion.body).toBe(201);
    await moveOk(proofreader, base, 'finish_pass');
    // A finished pass is the admin's to look at first: the author hears nothing yet.
    const ready = ProofreadingNotices.PassReady(title);
    expect((await notices(author)).some((item) => item.title === ready.title)).toBe(false);
    await moveOk(admin, base, 'send_to_author');
    expect((await notices(author)).find((item) => item.title === ready.title)).toMatchObject({
      type: NotificationType.ProofreadPassReady,
      link,
    });
    await mailTo(authorEmail, ready.title);

    const review = (await author.get(base)).json() as ProofreadArticle;
    const incorporated = await author.request(
      'POST',
      `${base}/incorporate`,
      {
        decisions: [{ suggestion_id: (suggestion.json() as ProofreadSuggestion).id, decision: 'accepted' }],
      },
      { headers: { etag: review.etag ?? '' } },
    );
    expect(incorporated.statusCode, incorporated.body).toBe(200);
    const done = ProofreadingNotices.Incorporated(title);
    expect((await notices(proofreader)).find((item) => item.title === done.title)).toMatchObject({
      type: NotificationType.ProofreadIncorporated,
    });

    await moveOk(admin, base, 'approve');
    const approved = ProofreadingNotices.Approved(title);
    expect((await notices(proofreader)).find((item) => item.title === approved.title)).toMatchObject({
      type: NotificationType.ProofreadApproved,
    });
    await mailTo(user.email, approved.title);
  });
});
