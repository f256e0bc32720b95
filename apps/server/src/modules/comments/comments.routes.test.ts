import {
  CommentRepliesResponseSchema,
  CommentResponseSchema,
  CommentsCountResponseSchema,
  collectionDocumentKey,
  DocumentCommentsResponseSchema,
  pageDocumentKey,
  ReplyResponseSchema,
} from '@coderoom/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCommentReplies, documentComments, users } from '../../db/schema.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { CommentMessages } from './comments.errors.js';

let t: TestApp;
let course: Awaited<ReturnType<typeof buildCourse>>;
let otherCourse: Awaited<ReturnType<typeof buildCourse>>;
/** The course's author. */
let owner: TestClient;
/** A platform admin: a second person who edits the course. */
let editor: TestClient;
let editorId: number;

async function logIn(user: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email: user.email, password: user.password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return client;
}

const docUrl = (key: string) => `/api/document/${encodeURIComponent(key)}`;
const commentsUrl = (key: string) => `${docUrl(key)}/comments`;
const commentUrl = (key: string, commentId: number | string) => `${docUrl(key)}/comment/${commentId}`;
const replyUrl = (key: string, commentId: number, replyId: number | string) =>
  `${commentUrl(key, commentId)}/reply/${replyId}`;

let pageKey: string;
let secondPageKey: string;
let courseKey: string;

beforeAll(async () => {
  t = await buildTestApp();
  const author = await buildUser(t.database, { fullName: 'Ada King Lovelace' });
  course = await buildCourse(t.database, { author, title: 'Recursion', lessons: 2 });
  otherCourse = await buildCourse(t.database, { title: 'Graphs', lessons: 1 });
  const admin = await buildUser(t.database, { admin: true, fullName: 'Grace Hopper' });
  editorId = admin.id;
  owner = await logIn(author);
  editor = await logIn(admin);
  pageKey = pageDocumentKey(author.id, course.collection.id, course.pageIds[0] ?? 0);
  secondPageKey = pageDocumentKey(author.id, course.collection.id, course.pageIds[1] ?? 0);
  courseKey = collectionDocumentKey(author.id, course.collection.id);
});
afterAll(async () => {
  await t.close();
});

async function createComment(client: TestClient, key: string, mdText = 'Please reword this.') {
  const response = await client.post(`${docUrl(key)}/comment`, { md_text: mdText });
  expect(response.statusCode).toBe(201);
  return CommentResponseSchema.parse(response.json()).comment;
}

async function storedComment(id: number) {
  const [row] = await t.database.db.select().from(documentComments).where(eq(documentComments.id, id));
  return row;
}

async function storedReplyCount(commentId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(documentCommentReplies)
    .where(eq(documentCommentReplies.commentId, commentId));
  return row?.n ?? 0;
}

describe('creating and listing comments', () => {
  it('creates a comment on a lesson page and lists it with the writer split into first and last name', async () => {
    const key = pageDocumentKey(course.author.id, course.collection.id, course.pageIds[1] ?? 0);
    const comment = await createComment(owner, key, 'The **base case** comes first.');
    expect(comment).toMatchObject({
      mdText: 'The **base case** comes first.',
      userId: course.author.id,
      isResolved: false,
      isModified: false,
      repliesCount: 0,
      lastResolvedTime: null,
      resolvedBy: null,
      replies: [],
      canEdit: true,
      canDelete: true,
    });
    expect(comment.lastModifiedTime).toBe(comment.created);
    const stored = await storedComment(comment.id);
    expect(stored).toMatchObject({
      documentKey: key,
      authorId: course.author.id,
      collectionId: course.collection.id,
      pageId: course.pageIds[1],
    });

    const listed = await editor.get(commentsUrl(key));
    expect(listed.statusCode).toBe(200);
    const body = DocumentCommentsResponseSchema.parse(listed.json());
    expect(body.comments.map((entry) => entry.id)).toContain(comment.id);
    const seenByEditor = body.comments.find((entry) => entry.id === comment.id);
    // Another editor may delete (moderate) but not rewrite someone else's comment.
    expect(seenByEditor).toMatchObject({ canEdit: false, canDelete: true });
    expect(body.users).toContainEqual({
      userId: course.author.id,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      profilePicUrl: null,
    });
  });

  it('keeps threads per document: a collection key and each page have their own', async () => {
    const onCourse = await createComment(owner, courseKey, 'Overview needs a diagram.');
    const onPage = await createComment(owner, secondPageKey, 'Typo in line 2.');
    const courseThreads = DocumentCommentsResponseSchema.parse(
      (await owner.get(commentsUrl(courseKey))).json(),
    );
    expect(courseThreads.comments.map((entry) => entry.id)).toEqual([onCourse.id]);
    const pageThreads = DocumentCommentsResponseSchema.parse(
      (await owner.get(commentsUrl(secondPageKey))).json(),
    );
    expect(pageThreads.comments.map((entry) => entry.id)).not.toContain(onCourse.id);
    expect(pageThreads.comments.map((entry) => entry.id)).toContain(onPage.id);
  });

  it('shows a writer whose account is gone as "Deleted User"', async () => {
    const leaver = await buildUser(t.database, { admin: true, fullName: 'Temporary Editor' });
    const key = pageDocumentKey(
      otherCourse.author.id,
      otherCourse.collection.id,
      otherCourse.pageIds[0] ?? 0,
    );
    const comment = await createComment(await logIn(leaver), key, 'Left before the review.');
    await t.database.db.delete(users).where(eq(users.id, leaver.id));

    const body = DocumentCommentsResponseSchema.parse((await editor.get(commentsUrl(key))).json());
    expect(body.comments.map((entry) => entry.id)).toEqual([comment.id]);
    expect(body.users).toEqual([
      { userId: leaver.id, firstName: 'Deleted', lastName: 'User', profilePicUrl: null },
    ]);
  });
});

describe('editing a comment', () => {
  it('changes the text, marks it modified and moves lastModifiedTime', async () => {
    const comment = await createComment(owner, pageKey);
    t.clock.advance(60_000);
    const response = await owner.put(commentUrl(pageKey, comment.id), { md_text: 'Please reword **this**.' });
    expect(response.statusCode).toBe(200);
    const edited = CommentResponseSchema.parse(response.json()).comment;
    expect(edited).toMatchObject({
      mdText: 'Please reword **this**.',
      isModified: true,
      created: comment.created,
    });
    expect(Date.parse(edited.lastModifiedTime)).toBeGreaterThan(Date.parse(comment.created));
    expect((await storedComment(comment.id))?.mdText).toBe('Please reword **this**.');
  });

  it("refuses to edit someone else's comment with 403 and keeps the text", async () => {
    const comment = await createComment(owner, pageKey, 'Mine.');
    const response = await editor.put(commentUrl(pageKey, comment.id), { md_text: 'Hijacked.' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorText).toBe(CommentMessages.NotCommentWriter);
    expect(await storedComment(comment.id)).toMatchObject({ mdText: 'Mine.', isModified: false });
  });
});

describe('resolving', () => {
  it('goes resolve → unresolve → resolve, setting and clearing the resolver and time', async () => {
    const comment = await createComment(owner, pageKey);

    const resolved = CommentResponseSchema.parse(
      (await editor.post(`${commentUrl(pageKey, comment.id)}/resolve`)).json(),
    ).comment;
    expect(resolved).toMatchObject({ isResolved: true, resolvedBy: editorId });
    expect(resolved.lastResolvedTime).not.toBeNull();

    const again = await owner.post(`${commentUrl(pageKey, comment.id)}/resolve`);
    expect(again.statusCode).toBe(200);
    // Resolving a resolved thread changes nothing: the first resolver stays.
    expect(again.json().comment).toMatchObject({
      resolvedBy: editorId,
      lastResolvedTime: resolved.lastResolvedTime,
    });

    const reopened = await owner.post(`${commentUrl(pageKey, comment.id)}/unresolve`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().comment).toMatchObject({
      isResolved: false,
      resolvedBy: null,
      lastResolvedTime: null,
    });
    expect(await storedComment(comment.id)).toMatchObject({
      isResolved: false,
      resolvedBy: null,
      lastResolvedTime: null,
    });

    t.clock.advance(1000);
    const resolvedAgain = (await owner.post(`${commentUrl(pageKey, comment.id)}/resolve`)).json().comment;
    expect(resolvedAgain).toMatchObject({ isResolved: true, resolvedBy: course.author.id });
    expect(Date.parse(resolvedAgain.lastResolvedTime)).toBeGreaterThan(
      Date.parse(resolved.lastResolvedTime ?? ''),
    );
    // Resolving is not an edit of the text.
    expect(resolvedAgain.isModified).toBe(false);

    const listed = DocumentCommentsResponseSchema.parse((await owner.get(commentsUrl(pageKey))).json());
    expect(listed.users.map((user) => user.userId)).toContain(course.author.id);
  });
});

describe('replies', () => {
  it('keeps repliesCount equal to the replies through create, edit and delete', async () => {
    const comment = await createComment(owner, pageKey);

    const first = await editor.post(`${commentUrl(pageKey, comment.id)}/reply`, {
      md_text: 'Done, have a look.',
    });
    expect(first.statusCode).toBe(201);
    const firstReply = ReplyResponseSchema.parse(first.json());
    expect(firstReply).toMatchObject({
      repliesCount: 1,
      reply: { mdText: 'Done, have a look.', userId: editorId, isModified: false, canEdit: true },
    });
    const second = ReplyResponseSchema.parse(
      (await owner.post(`${commentUrl(pageKey, comment.id)}/reply`, { md_text: 'Thanks!' })).json(),
    );
    expect(second.repliesCount).toBe(2);
    expect(await storedComment(comment.id)).toMatchObject({ repliesCount: 2 });
    expect(await storedReplyCount(comment.id)).toBe(2);

    const replies = CommentRepliesResponseSchema.parse(
      (await owner.get(`${commentUrl(pageKey, comment.id)}/replies`)).json(),
    );
    expect(replies.replies.map((reply) => reply.mdText)).toEqual(['Done, have a look.', 'Thanks!']);
    expect(replies.users.map((user) => user.firstName).sort()).toEqual(['Ada', 'Grace']);

    t.clock.advance(5000);
    const edited = await editor.put(replyUrl(pageKey, comment.id, firstReply.reply.id), {
      md_text: 'Done now.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      repliesCount: 2,
      reply: { mdText: 'Done now.', isModified: true },
    });
    expect(Date.parse(edited.json().reply.lastModifiedTime)).toBeGreaterThan(
      Date.parse(firstReply.reply.created),
    );

    const removed = await editor.request('DELETE', replyUrl(pageKey, comment.id, firstReply.reply.id));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true, repliesCount: 1 });
    expect(await storedComment(comment.id)).toMatchObject({ repliesCount: 1 });
    expect(await storedReplyCount(comment.id)).toBe(1);

    const thread = DocumentCommentsResponseSchema.parse(
      (await owner.get(commentsUrl(pageKey))).json(),
    ).comments.find((entry) => entry.id === comment.id);
    expect(thread?.repliesCount).toBe(1);
    expect(thread?.replies.map((reply) => reply.id)).toEqual([second.reply.id]);
  });

  it('counts every reply when several arrive at once', async () => {
    const comment = await createComment(owner, pageKey);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        (index % 2 ? owner : editor).post(`${commentUrl(pageKey, comment.id)}/reply`, {
          md_text: `r${index}`,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    expect(responses.map((response) => response.json().repliesCount).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(await storedComment(comment.id)).toMatchObject({ repliesCount: 8 });
    expect(await storedReplyCount(comment.id)).toBe(8);
  });

  it("refuses to edit someone else's reply; the course's editors may delete it", async () => {
    const comment = await createComment(owner, pageKey);
    const { reply } = ReplyResponseSchema.parse(
      (await editor.post(`${commentUrl(pageKey, comment.id)}/reply`, { md_text: 'Admin note.' })).json(),
    );
    const edit = await owner.put(replyUrl(pageKey, comment.id, reply.id), { md_text: 'Changed.' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().errorText).toBe(CommentMessages.NotReplyWriter);

    const removed = await owner.request('DELETE', replyUrl(pageKey, comment.id, reply.id));
    expect(removed.json()).toEqual({ ok: true, repliesCount: 0 });
    const again = await owner.request('DELETE', replyUrl(pageKey, comment.id, reply.id));
    expect(again.statusCode).toBe(404);
    expect(again.json().errorText).toBe(CommentMessages.ReplyNotFound);
    expect(await storedComment(comment.id)).toMatchObject({ repliesCount: 0 });
  });

  it('deletes a comment together with its replies', async () => {
    const comment = await createComment(editor, pageKey);
    await owner.post(`${commentUrl(pageKey, comment.id)}/reply`, { md_text: 'Agreed.' });
    // The course's author may remove an admin's thread: editors keep their course's threads tidy.
    const removed = await owner.request('DELETE', commentUrl(pageKey, comment.id));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await storedComment(comment.id)).toBeUndefined();
    expect(await storedReplyCount(comment.id)).toBe(0);
    expect((await owner.request('DELETE', commentUrl(pageKey, comment.id))).statusCode).toBe(404);
  });
});

describe('incomplete actions change nothing', () => {
  it('refuses a comment without text, or with only whitespace, and stores nothing', async () => {
    const key = pageDocumentKey(
      otherCourse.author.id,
      otherCourse.collection.id,
      otherCourse.pageIds[0] ?? 0,
    );
    const [before] = await t.database.db.select({ n: count() }).from(documentComments);

    const missing = await editor.post(`${docUrl(key)}/comment`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      errorText: "Md text can't be blank.",
      errors: { md_text: "Md text can't be blank." },
    });
    const blank = await editor.post(`${docUrl(key)}/comment`, { md_text: '  \n\t ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ md_text: "Md text: can't be blank" });
    const tooLong = await editor.post(`${docUrl(key)}/comment`, { md_text: 'x'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ md_text: 'Md text: must be at most 10000 characters' });

    const [after] = await t.database.db.select({ n: count() }).from(documentComments);
    expect(after?.n).toBe(before?.n);
    expect((await editor.post(`${docUrl(key)}/comment`, { md_text: 'x'.repeat(10_000) })).statusCode).toBe(
      201,
    );
  });

  it('refuses an edit or reply without text and leaves the thread as it was', async () => {
    const comment = await createComment(owner, pageKey, 'Original.');

    const edit = await owner.put(commentUrl(pageKey, comment.id), {});
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual({ md_text: "Md text can't be blank." });
    const reply = await owner.post(`${commentUrl(pageKey, comment.id)}/reply`, { md_text: ' ' });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json().errors)).toEqual(['md_text']);

    expect(await storedComment(comment.id)).toMatchObject({
      mdText: 'Original.',
      isModified: false,
      repliesCount: 0,
    });
    expect(await storedReplyCount(comment.id)).toBe(0);
  });

  it('names every missing or malformed field at once', async () => {
    const response = await owner.put(commentUrl('nonsense', 'abc'), { colour: 'red' });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(Object.keys(errors).sort()).toEqual(['colour', 'comment_id', 'document_key', 'md_text']);
    expect(errors.comment_id).toBe('Comment id must be a number.');
    expect(errors.colour).toBe('Unknown field.');
  });

  it('refuses a malformed document key with 400', async () => {
    for (const key of ['page:1:2', 'page:01:2:3', 'shot:1:2', 'collection:1:2:3', 'page:a:b:c']) {
      const response = await owner.get(commentsUrl(key));
      expect(response.statusCode, key).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['document_key']);
    }
  });
});

describe('who may comment', () => {
  it("keeps a learner out of another author's threads with 404, for reads and writes", async () => {
    const comment = await createComment(owner, pageKey, 'Editors only.');
    const { client: learner } = await signUp(t.app);
    const read = await learner.get(commentsUrl(pageKey));
    expect(read.statusCode).toBe(404);
    expect((await learner.get(`${commentUrl(pageKey, comment.id)}/replies`)).statusCode).toBe(404);
    expect((await learner.post(`${docUrl(pageKey)}/comment`, { md_text: 'Hi' })).statusCode).toBe(404);
    expect((await learner.post(`${commentUrl(pageKey, comment.id)}/resolve`)).statusCode).toBe(404);
    expect(
      (await learner.post(`${commentUrl(pageKey, comment.id)}/reply`, { md_text: 'Hi' })).statusCode,
    ).toBe(404);
    expect((await learner.request('DELETE', commentUrl(pageKey, comment.id))).statusCode).toBe(404);
    expect(await storedComment(comment.id)).toMatchObject({ isResolved: false, repliesCount: 0 });
  });

  it('answers 401 to a logged-out visitor', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(commentsUrl(pageKey))).statusCode).toBe(401);
    expect((await anonymous.post(`${docUrl(pageKey)}/comment`, { md_text: 'Hi' })).statusCode).toBe(401);
    expect((await anonymous.post('/api/document/comments-count', { document_keys: '[]' })).statusCode).toBe(
      401,
    );
  });

  it('lets a second editor (a platform admin) comment', async () => {
    const comment = await createComment(editor, courseKey, 'Looks good to me.');
    expect(comment.userId).toBe(editorId);
  });

  it('answers 404 for a missing comment, a comment of another document, or a page not in the course', async () => {
    expect((await owner.put(commentUrl(pageKey, 99_999_999), { md_text: 'x' })).statusCode).toBe(404);
    const missing = await owner.post(`${commentUrl(pageKey, 99_999_999)}/resolve`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorText).toBe(CommentMessages.CommentNotFound);

    const elsewhere = await createComment(owner, secondPageKey);
    expect((await owner.get(`${commentUrl(pageKey, elsewhere.id)}/replies`)).statusCode).toBe(404);
    expect((await owner.request('DELETE', commentUrl(pageKey, elsewhere.id))).statusCode).toBe(404);

    const strayPage = pageDocumentKey(course.author.id, course.collection.id, otherCourse.pageIds[0] ?? 0);
    const stray = await owner.get(commentsUrl(strayPage));
    expect(stray.statusCode).toBe(404);
    expect(stray.json().errorText).toBe(CommentMessages.DocumentNotFound);
    const wrongAuthor = pageDocumentKey(editorId, course.collection.id, course.pageIds[0] ?? 0);
    expect((await owner.get(commentsUrl(wrongAuthor))).statusCode).toBe(404);
  });
});

describe('comment counts', () => {
  let countCourse: Awaited<ReturnType<typeof buildCourse>>;
  let author: TestClient;
  let firstPage: string;
  let secondPage: string;
  let wholeCourse: string;

  beforeAll(async () => {
    const user = await buildUser(t.database, { fullName: 'Count Author' });
    countCourse = await buildCourse(t.database, { author: user, lessons: 3 });
    author = await logIn(user);
    firstPage = pageDocumentKey(user.id, countCourse.collection.id, countCourse.pageIds[0] ?? 0);
    secondPage = pageDocumentKey(user.id, countCourse.collection.id, countCourse.pageIds[1] ?? 0);
    wholeCourse = collectionDocumentKey(user.id, countCourse.collection.id);
    const open = await createComment(author, firstPage, 'one');
    await createComment(author, firstPage, 'two');
    const resolved = await createComment(author, secondPage, 'three');
    await createComment(author, wholeCourse, 'four');
    await author.post(`${commentUrl(secondPage, resolved.id)}/resolve`);
    // Replies are not threads: they do not change the counts.
    await author.post(`${commentUrl(firstPage, open.id)}/reply`, { md_text: 'reply' });
  });

  it('counts threads per document key, all and unresolved', async () => {
    const thirdPage = pageDocumentKey(
      countCourse.author.id,
      countCourse.collection.id,
      countCourse.pageIds[2] ?? 0,
    );
    const response = await author.post('/api/document/comments-count', {
      document_keys: JSON.stringify([firstPage, secondPage, thirdPage, wholeCourse]),
    });
    expect(response.statusCode).toBe(200);
    expect(CommentsCountResponseSchema.parse(response.json()).counts).toEqual({
      [firstPage]: { total: 2, unresolved: 2 },
      [secondPage]: { total: 1, unresolved: 0 },
      [thirdPage]: { total: 0, unresolved: 0 },
      [wholeCourse]: { total: 1, unresolved: 1 },
    });
  });

  it('counts threads per parent collection: its own and all its pages', async () => {
    const response = await author.post('/api/document/parent/comments-count', {
      document_keys: JSON.stringify([firstPage]),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ counts: { [wholeCourse]: { total: 4, unresolved: 3 } } });
  });

  it('counts 0 for documents the caller may not comment on', async () => {
    const { client: learner } = await signUp(t.app);
    const response = await learner.post('/api/document/comments-count', {
      document_keys: JSON.stringify([firstPage]),
    });
    expect(response.json()).toEqual({ counts: { [firstPage]: { total: 0, unresolved: 0 } } });
    const parents = await learner.post('/api/document/parent/comments-count', {
      document_keys: JSON.stringify([secondPage]),
    });
    expect(parents.json()).toEqual({ counts: { [wholeCourse]: { total: 0, unresolved: 0 } } });
  });

  it('refuses document_keys that are not a JSON array of keys', async () => {
    for (const documentKeys of ['not json', '[]', '{"a":1}', JSON.stringify(['page:x'])]) {
      const response = await author.post('/api/document/comments-count', { document_keys: documentKeys });
      expect(response.statusCode, documentKeys).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['document_keys']);
    }
    const missing = await author.post('/api/document/parent/comments-count', {});
    expect(missing.json().errors).toEqual({ document_keys: "Document keys can't be blank." });
  });
});
