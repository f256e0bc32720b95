import type { Questionnaire, QuestionnaireResponses } from '@coderoom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { QuestionnaireErrors } from './assessments.errors.js';

// Questionnaires through the HTTP API against a real database: an author builds one in the assessment
// editor, publishes it through review, learners answer it (and answer again), the author reads the counts.

let t: TestApp;
let author: TestClient;
let admin: TestClient;
let authorId: number;
let collectionId: number;
let encodedId: string;
let questionIds: number[];

async function logIn(user: { email: string; password: string }) {
  const client = new TestClient(t.app);
  expect(
    (await client.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
  ).toBe(200);
  return client;
}

const question = (text: string, kind: 'multiple_choice' | 'multiple_answer') => ({
  content: JSON.stringify({
    kind,
    difficulty: 1000,
    skill: 'Feedback',
    text,
    options: [
      { id: 'a', text: 'Yes' },
      { id: 'b', text: 'No' },
      { id: 'c', text: 'Not sure' },
    ],
    language: null,
    starter_code: null,
  }),
  protected_content: JSON.stringify({
    correct_option_ids: [],
    explanation: null,
    test_cases: [],
    solution: null,
  }),
});

beforeAll(async () => {
  t = await buildTestApp();
  const authorUser = await buildUser(t.database, { fullName: 'Survey Author' });
  authorId = authorUser.id;
  author = await logIn(authorUser);
  admin = await logIn(await buildUser(t.database, { admin: true }));

  const created = await author.post('/api/author/collection?work_type=questionnaire', {
    title: 'Course feedback',
  });
  expect(created.statusCode).toBe(201);
  collectionId = created.json().collection_id;
  const base = `/api/author/${authorId}/collection/${collectionId}`;
  questionIds = [];
  // Every question save names the list's version in the eTag header (docs/decisions.md "eTags").
  let etag = (await author.post(`${base}/get-assessment-pages`)).json().etag as string;
  for (const [text, kind] of [
    ['Was the pace right?', 'multiple_choice'],
    ['Which parts helped?', 'multiple_answer'],
  ] as const) {
    const saved = await author.request(
      'PUT',
      `${base}/assessment/${collectionId}/question/new`,
      question(text, kind),
      { headers: { etag } },
    );
    expect(saved.statusCode, saved.body).toBe(201);
    questionIds.push(saved.json().question.question_id);
    etag = saved.json().etag;
  }
  // A questionnaire asks no code questions.
  const code = await author.request(
    'PUT',
    `${base}/assessment/${collectionId}/question/new`,
    {
      content: JSON.stringify({
        kind: 'code',
        difficulty: 1000,
        skill: 'Feedback',
        text: 'Print 1',
        options: [],
        language: 'python3',
        starter_code: '',
      }),
      protected_content: JSON.stringify({
        correct_option_ids: [],
        explanation: null,
        test_cases: [{ input: '', output: '1' }],
        solution: 'print(1)',
      }),
    },
    { headers: { etag } },
  );
  expect(code.statusCode).toBe(400);
  expect(code.json().errors).not.toHaveProperty('etag');

  expect((await author.put(`${base}/submit-for-review`)).statusCode).toBe(200);
  expect((await admin.post(`/api/admin/review/${collectionId}`, { decision: 'approve' })).statusCode).toBe(
    200,
  );
  encodedId = (await author.get(`/api/questionnaire/${authorId}/${collectionId}`)).json().encoded_id;
});
afterAll(async () => {
  await t.close();
});

describe('questionnaires', () => {
  it('shows the questions without any answer key, by id and by code', async () => {
    const visitor = new TestClient(t.app);
    const byId = await visitor.get(`/api/questionnaire/${authorId}/${collectionId}`);
    expect(byId.statusCode).toBe(200);
    const body = byId.json() as Questionnaire;
    expect(body.questions.map((item) => [item.text, item.kind])).toEqual([
      ['Was the pace right?', 'multiple_choice'],
      ['Which parts helped?', 'multiple_answer'],
    ]);
    expect(body.my_response).toBeNull();
    expect(byId.body).not.toContain('correct_option_ids');
    expect((await visitor.get(`/api/questionnaires/${encodedId}`)).json()).toEqual(body);
    expect(
      (await visitor.post(`/api/questionnaire/${authorId}/${collectionId}/responses`, { answers: [] }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps a learner’s answers, replaces them on a second submission, and refuses incomplete ones', async () => {
    const { client: learner } = await signUp(t.app, { full_name: 'Rita Responder' });
    const url = `/api/questionnaire/${authorId}/${collectionId}/responses`;
    const [pace = 0, parts = 0] = questionIds;

    const missing = await learner.post(url, { answers: [{ question_id: pace, option_ids: ['a'] }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[`answers.${parts}`]).toBe(QuestionnaireErrors.AnswerEveryQuestion);
    const twoForOne = await learner.post(url, {
      answers: [
        { question_id: pace, option_ids: ['a', 'b'] },
        { question_id: parts, option_ids: ['a'] },
      ],
    });
    expect(twoForOne.json().errors[`answers.${pace}`]).toBe(QuestionnaireErrors.OneOption);
    const unknown = await learner.post(url, {
      answers: [
        { question_id: pace, option_ids: ['z'] },
        { question_id: parts, option_ids: ['a'] },
        { question_id: 999_999, option_ids: ['a'] },
      ],
    });
    expect(unknown.json().errors).toMatchObject({
      [`answers.${pace}`]: QuestionnaireErrors.UnknownOption,
      answers: QuestionnaireErrors.UnknownQuestion,
    });

    const first = await learner.post(url, {
      answers: [
        { question_id: parts, option_ids: ['a', 'c'] },
        { question_id: pace, option_ids: ['b'] },
      ],
    });
    expect(first.statusCode).toBe(200);
    const again = await learner.post(url, {
      answers: [
        { question_id: pace, option_ids: ['a'] },
        { question_id: parts, option_ids: ['c'] },
      ],
    });
    expect(again.statusCode).toBe(200);
    const mine = (
      await learner.get(`/api/questionnaire/${authorId}/${collectionId}`)
    ).json() as Questionnaire;
    expect(mine.my_response?.answers).toEqual([
      { question_id: pace, option_ids: ['a'] },
      { question_id: parts, option_ids: ['c'] },
    ]);

    const { client: second } = await signUp(t.app, { full_name: 'Sam Second' });
    expect(
      (
        await second.post(url, {
          answers: [
            { question_id: pace, option_ids: ['a'] },
            { question_id: parts, option_ids: ['a', 'b'] },
          ],
        })
      ).statusCode,
    ).toBe(200);

    const responses = await author.get(
      `/api/author/${authorId}/collection/${collectionId}/questionnaire-responses`,
    );
    expect(responses.statusCode).toBe(200);
    const report = responses.json() as QuestionnaireResponses;
    expect(report.response_count).toBe(2);
    expect(report.responses.map((response) => response.full_name)).toEqual(['Sam Second', 'Rita Responder']);
    const counts = report.questions.map((item) => item.options.map((option) => option.count));
    expect(counts).toEqual([
      [2, 0, 0],
      [1, 1, 1],
    ]);

    // Only the authors read responses.
    const denied = await learner.get(
      `/api/author/${authorId}/collection/${collectionId}/questionnaire-responses`,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorText).toBe(QuestionnaireErrors.AuthorsOnly);
  });

  it('answers 404 for collections that are not questionnaires and for unpublished ones', async () => {
    const course = await author.post('/api/author/collection?work_type=course', { title: 'A course' });
    const courseId = course.json().collection_id;
    expect((await author.get(`/api/questionnaire/${authorId}/${courseId}`)).statusCode).toBe(404);
    const draft = await author.post('/api/author/collection?work_type=questionnaire', {
      title: 'Draft survey',
    });
    const { client: learner } = await signUp(t.app);
    expect(
      (await learner.get(`/api/questionnaire/${authorId}/${draft.json().collection_id}`)).statusCode,
    ).toBe(404);
  });
});
