import type {
  AssessmentOverview,
  AssessmentShare,
  AssessmentStats,
  AttemptReview,
  QuestionResponse,
  SharedAssessmentResult,
} from '@coderoom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, packageImportDeps } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { type AssessmentManifest, importAssessment } from './assessments.package.js';

// After an attempt: reviewing it question by question (never before it is finished), retaking it after
// the cool-down (the test clock moves past it), and sharing the score on a public page the owner can
// take down. Option 'r' is always the right one; each question explains itself.

let t: TestApp;
let base: string;

const DAY_MS = 24 * 60 * 60_000;

function manifest(authorEmail: string): AssessmentManifest {
  const levels = ['easy', 'medium', 'hard'] as const;
  return {
    title: 'Review Check',
    summary: 'An assessment to review.',
    overview: '',
    language_topic: 'Python',
    language: 'python3',
    difficulty: 'intermediate',
    tags: ['python'],
    skills: ['Syntax'],
    author: authorEmail,
    questions: levels
      .flatMap((level) => [level, level, level])
      .map((difficulty, index) => ({
        kind: 'multiple_choice' as const,
        difficulty,
        skill: 'Syntax',
        text: `Question ${index}`,
        options: [
          { id: 'r', text: 'Right', correct: true },
          { id: 'w', text: 'Wrong', correct: false },
        ],
        explanation: `Because ${index}.`,
        test_cases: [],
      })),
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  const author = await buildUser(t.database, { fullName: 'Quiz Author' });
  const { collectionId } = await importAssessment(packageImportDeps(t.database), {
    file: 'review-check.yaml',
    slug: 'review-check',
    manifest: manifest(author.email),
  });
  base = `/api/skill-assessment/${author.id}/${collectionId}`;
});
afterAll(async () => {
  await t.close();
});

async function startAttempt(client: TestClient) {
  const response = await client.post(`${base}/start`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().attempt as { attempt_id: number; current_question_id: number };
}

/** Answers every question: right on odd turns, wrong on even ones (the first is wrong). */
async function finish(client: TestClient, attempt: { attempt_id: number; current_question_id: number }) {
  let questionId: number | null = attempt.current_question_id;
  let turn = 0;
  while (questionId !== null) {
    const response = await client.post(`${base}/${attempt.attempt_id}/${questionId}/answer`, {
      option_ids: [turn % 2 === 1 ? 'r' : 'w'],
    });
    expect(response.statusCode, response.body).toBe(200);
    questionId = response.json().attempt.current_question_id;
    turn += 1;
  }
  expect((await client.post(`${base}/${attempt.attempt_id}/generate-stats`)).statusCode).toBe(200);
}

describe('reviewing an attempt', () => {
  it('refuses the review while the attempt runs, and no answer or explanation reaches the question', async () => {
    const { client } = await signUp(t.app);
    const attempt = await startAttempt(client);
    const review = await client.get(`${base}/${attempt.attempt_id}/review`);
    expect(review.statusCode).toBe(400);
    expect(review.json()).toEqual({ errorText: 'Finish the assessment to review your answers.' });

    const current = (
      await client.get(`${base}/${attempt.attempt_id}/${attempt.current_question_id}`)
    ).json() as QuestionResponse;
    expect(Object.keys(current.question).sort()).toEqual(
      [
        'difficulty',
        'is_answered',
        'kind',
        'language',
        'number',
        'options',
        'question_id',
        'skill',
        'starter_code',
        'text',
      ].sort(),
    );
    expect(current.question.options.map((option) => Object.keys(option).sort())).toEqual([
      ['id', 'text'],
      ['id', 'text'],
    ]);
    // Answering says right or wrong, nothing more.
    const answered = await client.post(
      `${base}/${attempt.attempt_id}/${attempt.current_question_id}/answer`,
      {
        option_ids: ['w'],
      },
    );
    expect(Object.keys(answered.json()).sort()).toEqual([
      'attempt',
      'is_correct',
      'tests_passed',
      'tests_total',
    ]);
    expect((await client.get(`${base}/${attempt.attempt_id}/review`)).statusCode).toBe(400);
  });

  it('refuses the review of an abandoned attempt (no peeking by giving up)', async () => {
    const { client } = await signUp(t.app);
    const attempt = await startAttempt(client);
    await client.post(`${base}/${attempt.attempt_id}/abandon`);
    expect((await client.get(`${base}/${attempt.attempt_id}/review`)).statusCode).toBe(400);
  });

  it('shows each question with the learner’s answer, the right one and the explanation once finished', async () => {
    const { client } = await signUp(t.app);
    const attempt = await startAttempt(client);
    await finish(client, attempt);
    const response = await client.get(`${base}/${attempt.attempt_id}/review`);
    expect(response.statusCode).toBe(200);
    const review = response.json() as AttemptReview;
    expect(review.assessment_title).toBe('Review Check');
    expect(review.questions.map((question) => question.number)).toEqual([1, 2, 3, 4, 5, 6]);
    const [first, second] = review.questions;
    expect(first).toMatchObject({
      is_correct: false,
      is_answer_recorded: true,
      options: [
        { id: 'r', text: 'Right', is_correct: true, is_chosen: false },
        { id: 'w', text: 'Wrong', is_correct: false, is_chosen: true },
      ],
    });
    expect(first?.explanation).toMatch(/^Because \d\.$/);
    expect(second).toMatchObject({
      is_correct: true,
      options: [
        { id: 'r', is_correct: true, is_chosen: true },
        { id: 'w', is_correct: false, is_chosen: false },
      ],
    });

    const { client: other } = await signUp(t.app);
    expect((await other.get(`${base}/${attempt.attempt_id}/review`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`${base}/${attempt.attempt_id}/review`)).statusCode).toBe(401);
  });
});

describe('retaking after the cool-down', () => {
  it('refuses a new attempt until the cool-down ends, saying when, then starts one', async () => {
    const { client } = await signUp(t.app);
    const attempt = await startAttempt(client);
    await finish(client, attempt);
    const finishedAt = t.clock.now().getTime();

    const overview = (await client.get(base)).json() as AssessmentOverview;
    expect(overview.retake_available_at).not.toBeNull();
    const availableAt = new Date(overview.retake_available_at ?? '').getTime();
    expect(availableAt - finishedAt).toBeGreaterThan(DAY_MS - 60_000);
    expect(availableAt - finishedAt).toBeLessThanOrEqual(DAY_MS);
    const stats = (await client.get(`${base}/${attempt.attempt_id}/get-stats`)).json() as AssessmentStats;
    expect(stats.retake_available_at).toBe(overview.retake_available_at);

    const refused = await client.post(`${base}/start`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorText).toMatch(
      /^You can retake this assessment from \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\.$/,
    );
    expect(refused.json().errors).toEqual({ retake_available_at: overview.retake_available_at });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(DAY_MS);
    const after = (await client.get(base)).json() as AssessmentOverview;
    expect(after.retake_available_at).toBeNull();
    const retake = await startAttempt(client);
    expect(retake.attempt_id).not.toBe(attempt.attempt_id);
    // The new attempt resumes as ever; the cool-down only holds back new ones.
    expect((await startAttempt(client)).attempt_id).toBe(retake.attempt_id);
  });
});

describe('sharing a score', () => {
  it('publishes name, assessment, score and date — no answers — until the owner takes it down', async () => {
    const { client } = await signUp(t.app, { full_name: 'Ada Sharer' });
    const attempt = await startAttempt(client);

    const early = await client.post(`${base}/${attempt.attempt_id}/share`);
    expect(early.statusCode).toBe(400);

    await finish(client, attempt);
    const created = await client.post(`${base}/${attempt.attempt_id}/share`);
    expect(created.statusCode).toBe(200);
    const share = created.json() as AssessmentShare;
    expect(share.path).toBe(`/shared/assessment/${share.token}`);
    // Sharing again gives the same link.
    expect((await client.post(`${base}/${attempt.attempt_id}/share`)).json()).toEqual(share);
    const stats = (await client.get(`${base}/${attempt.attempt_id}/get-stats`)).json() as AssessmentStats;
    expect(stats.share).toEqual(share);

    const visitor = new TestClient(t.app);
    const shown = await visitor.get(`/api/shared/assessment-results/${share.token}`);
    expect(shown.statusCode).toBe(200);
    const result = shown.json() as SharedAssessmentResult;
    expect(result).toEqual({
      learner_name: 'Ada Sharer',
      assessment_title: 'Review Check',
      assessment_path: expect.stringMatching(/^\/assessments\/review-check\/\w+$/),
      score: stats.score,
      min_score: 100,
      max_score: 1000,
      skill_level_label: stats.skill_level_label,
      completed_at: stats.completed_at,
    });

    // Nobody else can share or revoke it.
    const { client: other } = await signUp(t.app);
    expect((await other.post(`${base}/${attempt.attempt_id}/share`)).statusCode).toBe(404);
    expect((await other.request('DELETE', `${base}/${attempt.attempt_id}/share`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/shared/assessment-results/${share.token}`)).statusCode).toBe(200);

    const revoked = await client.request('DELETE', `${base}/${attempt.attempt_id}/share`);
    expect(revoked.statusCode).toBe(200);
    const gone = await visitor.get(`/api/shared/assessment-results/${share.token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorText).toBe('This shared result does not exist or was taken down by its owner.');
    const again = (await client.post(`${base}/${attempt.attempt_id}/share`)).json() as AssessmentShare;
    expect(again.token).not.toBe(share.token);
    expect((await visitor.get(`/api/shared/assessment-results/${share.token}`)).statusCode).toBe(404);
    expect((await visitor.get('/api/shared/assessment-results/not-a-token')).statusCode).toBe(400);
  });
});
