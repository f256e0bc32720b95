import type { AiSearchErrorBody, AiSearchResponse } from '@coderoom/contracts';
import { AiSearchErrors } from '@coderoom/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreServices } from '../../coreServices.js';
import { collections } from '../../db/schema.js';
import { systemClock } from '../../platform/clock.js';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { AiRateRules } from './ai.service.js';

let t: TestApp;
let learner: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database);
  ({ client: learner } = await signUp(t.app));
});
afterAll(() => t.close());

function ask(client: TestClient, question: string) {
  return client.post('/api/ai/search', { question });
}

/** A lesson of a course, with its own words, whose only answer lies there. */
function lessonAbout(text: string) {
  return () => [{ type: 'MarkdownEditor' as const, comp_id: 'md', content: { text } }];
}

describe('POST /api/ai/search', () => {
  it('asks logged-out visitors to log in', async () => {
    const response = await new TestClient(t.app).post('/api/ai/search', {
      question: 'How do goroutines work?',
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['TOO_SHORT', 'wait?', 400],
    ['TOO_LONG', `How do I ${'really '.repeat(60)}wait for goroutines?`, 400],
    ['NOT_FOUND', 'What is the best recipe for banana bread with walnuts?', 404],
  ] as const)('answers %s with the spec message and hint', async (code, question, status) => {
    const response = await ask(learner, question);
    expect(response.statusCode).toBe(status);
    const body = response.json() as AiSearchErrorBody;
    expect(body).toEqual({
      errorText: AiSearchErrors[code].message,
      code,
      message: AiSearchErrors[code].message,
      hint: AiSearchErrors[code].hint,
    });
  });

  it('spells the errors exactly as spec 002 §8.3', () => {
    expect(AiSearchErrors).toEqual({
      TOO_SHORT: {
        message: 'The question is too short to be answered correctly',
        hint: 'Try asking another question',
      },
      TOO_LONG: {
        message: 'This question is too long to be answered correctly',
        hint: 'Try a more specific question',
      },
      NOT_FOUND: {
        message: "We couldn't find the answer you were looking for",
        hint: 'Try asking another question',
      },
      GENERAL_ERROR: { message: 'Oops, something went wrong', hint: 'Please give it another shot' },
    });
  });

  it('answers a Go question about waiting for goroutines from the Go course, citing its lesson', async () => {
    // The Go course is priced (docs/commerce.md): the demo subscriber's plan opens the cited lesson.
    const subscriber = new TestClient(t.app);
    await subscriber.post('/api/user/login', { email: 'subscriber@coderoom.dev', password: DEMO_PASSWORD });
    const response = await ask(subscriber, 'How do I wait for all my goroutines to finish?');
    expect(response.statusCode).toBe(200);
    const body = response.json() as AiSearchResponse;
    expect(body.mode).toBe('extractive');
    const [first] = body.citations;
    expect(first).toMatchObject({
      course_title: 'Go by Building',
      lesson_title: 'Goroutines and channels',
      section: 'Waiting: sync.WaitGroup',
    });
    expect(first?.url).toMatch(/^\/collection\/page\/\d+\/\d+\/\d+#waiting-sync-waitgroup$/);
    // The cited lesson opens for the asker.
    const [, , , authorId, collectionId, pageId] = (first?.url.split('#')[0] ?? '').split('/');
    const lesson = await subscriber.get(`/api/reader/collection/${authorId}/${collectionId}/page/${pageId}`);
    expect(lesson.statusCode).toBe(200);
    expect(body.answer).toContain('wg.Wait()');
    expect(body.answer).toContain(first?.url);
  });

  it('finds a section by an identifier it teaches', async () => {
    const response = await ask(learner, 'What does bufio.Scanner do?');
    expect(response.statusCode).toBe(200);
    expect((response.json() as AiSearchResponse).citations[0]?.course_title).toBe('Go by Building');
  });

  it('never shows a lesson solution or hidden test data', async () => {
    // Asked by the subscriber, who may open the priced Go lesson that holds the exercise.
    const subscriber = new TestClient(t.app);
    await subscriber.post('/api/user/login', { email: 'subscriber@coderoom.dev', password: DEMO_PASSWORD });
    const response = await ask(subscriber, 'How do I sum files in parallel with goroutines?');
    expect(response.statusCode).toBe(200);
    const body = response.json() as AiSearchResponse;
    // The exercise's hidden case and the solution's loop body are not in the answer.
    expect(body.answer).not.toContain('7 8 9');
    expect(body.answer).not.toContain('results[i] = sumLine(line)');
  });

  it('does not cite a priced lesson the asker does not own, and cites it for the subscriber', async () => {
    const question = 'How do I sum files in parallel with goroutines?';
    const asSubscriber = new TestClient(t.app);
    await asSubscriber.post('/api/user/login', { email: 'subscriber@coderoom.dev', password: DEMO_PASSWORD });
    const paid = (await ask(asSubscriber, question)).json() as AiSearchResponse;
    const paidLessons = paid.citations.map((citation) => citation.url.split('#')[0]);
    expect(paidLessons.length).toBeGreaterThan(0);

    // The new learner owns nothing: whatever is cited opens for them, so no lesson the subscriber got
    // from beyond the Go course's previews is cited to them.
    const response = await ask(learner, question);
    const cited =
      response.statusCode === 200
        ? (response.json() as AiSearchResponse).citations.map((citation) => citation.url.split('#')[0])
        : [];
    if (response.statusCode !== 200) expect(response.statusCode).toBe(404);
    for (const url of cited) {
      const [, , , authorId, collectionId, pageId] = (url ?? '').split('/');
      const lesson = await learner.get(`/api/reader/collection/${authorId}/${collectionId}/page/${pageId}`);
      expect(lesson.statusCode).toBe(200);
    }
    const lockedForLearner = [];
    for (const url of paidLessons) {
      const [, , , authorId, collectionId, pageId] = (url ?? '').split('/');
      const lesson = await learner.get(`/api/reader/collection/${authorId}/${collectionId}/page/${pageId}`);
      if (lesson.statusCode !== 200) lockedForLearner.push(url);
    }
    // The subscriber's answer did draw on a priced lesson, and that lesson is not cited to the learner.
    expect(lockedForLearner.length).toBeGreaterThan(0);
    for (const url of lockedForLearner) expect(cited).not.toContain(url);
  });

  it("does not cite a course excluded for the asker's organization", async () => {
    const author = await buildUser(t.database, { fullName: 'Wombat Author' });
    const course = await buildCourse(t.database, {
      author,
      title: 'Wombat Burrows',
      lessons: 1,
      components: lessonAbout(
        '## Digging wombat burrows\n\nWombat burrows run for thirty metres underground.',
      ),
    });
    const member = new TestClient(t.app);
    await member.post('/api/user/login', { email: 'member@coderoom.dev', password: DEMO_PASSWORD });
    const question = 'How long do wombat burrows run underground?';
    const before = await ask(member, question);
    expect(before.statusCode).toBe(200);
    expect((before.json() as AiSearchResponse).citations[0]?.course_title).toBe('Wombat Burrows');

    // Acme Robotics (the member's organization) now excludes the course from its subscription.
    const excluded = JSON.stringify([{ author_id: author.id, work_id: course.collection.id }]);
    await t.database.db.execute(
      sql`UPDATE organization_subscriptions SET excluded_courses_list = excluded_courses_list || ${excluded}::jsonb`,
    );
    expect((await ask(member, question)).statusCode).toBe(404);
    // Outside the organization the course is cited as before.
    expect((await ask(learner, question)).statusCode).toBe(200);
  });

  it('does not cite a course the asker may not read, and does cite it for its author', async () => {
    const author = await buildUser(t.database, { fullName: 'Private Author' });
    const hidden = await buildCourse(t.database, {
      author,
      title: 'Quokka Gardening',
      lessons: 1,
      components: lessonAbout('## Pruning quokkaberries\n\nPrune quokkaberry bushes in early spring.'),
    });
    await t.database.db
      .update(collections)
      .set({ isPrivate: true })
      .where(eq(collections.id, hidden.collection.id));
    const question = 'When should I prune quokkaberry bushes?';
    expect((await ask(learner, question)).statusCode).toBe(404);

    const authorClient = new TestClient(t.app);
    await authorClient.post('/api/user/login', { email: author.email, password: author.password });
    const asAuthor = await ask(authorClient, question);
    expect(asAuthor.statusCode).toBe(200);
    expect((asAuthor.json() as AiSearchResponse).citations[0]?.course_title).toBe('Quokka Gardening');
  });

  it('re-indexes on publish: new text is found, replaced text is not cited any more', async () => {
    const course = await buildCourse(t.database, {
      title: 'Narwhal Husbandry',
      lessons: 1,
      components: lessonAbout('## Feeding narwhals\n\nNarwhals eat arctic cod twice a day.'),
    });
    const before = await ask(learner, 'What do narwhals eat each day?');
    expect(before.statusCode).toBe(200);

    const { content } = createCoreServices({ db: t.database.db, clock: systemClock });
    const pageId = course.pageIds[0] as number;
    await t.database.db.transaction(async (tx) => {
      await content.updateDraftPage(tx, pageId, {
        components: [
          {
            type: 'MarkdownEditor',
            comp_id: 'md',
            content: { text: '## Grooming narwhals\n\nBrush tusks weekly.' },
          },
        ],
      });
      await content.publishDraft(tx, course.collection.id);
    });
    expect((await ask(learner, 'What do narwhals eat each day?')).statusCode).toBe(404);
    const after = await ask(learner, 'How often should narwhal tusks be brushed?');
    expect(after.statusCode).toBe(200);
    expect((after.json() as AiSearchResponse).citations[0]?.section).toBe('Grooming narwhals');
  });

  it('limits questions per user', async () => {
    const { client } = await signUp(t.app);
    t.clock.startFreshWindow(AiRateRules.searchPerUser.windowSeconds);
    let last = 0;
    for (let index = 0; index <= AiRateRules.searchPerUser.limit; index += 1) {
      last = (await ask(client, 'How do I wait for goroutines?')).statusCode;
    }
    expect(last).toBe(429);
    // Another learner is not affected.
    expect((await ask(learner, 'How do I wait for goroutines?')).statusCode).toBe(200);
  });

  it('answers GENERAL_ERROR when the index cannot be read', async () => {
    await t.database.db.execute('ALTER TABLE ai_chunks RENAME TO ai_chunks_gone');
    try {
      const response = await ask(learner, 'How do I wait for goroutines?');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        errorText: AiSearchErrors.GENERAL_ERROR.message,
        code: 'GENERAL_ERROR',
        message: AiSearchErrors.GENERAL_ERROR.message,
        hint: AiSearchErrors.GENERAL_ERROR.hint,
      });
    } finally {
      await t.database.db.execute('ALTER TABLE ai_chunks_gone RENAME TO ai_chunks');
    }
  });
});
