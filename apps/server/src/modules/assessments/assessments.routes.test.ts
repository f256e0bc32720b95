import type {
  AnswerResponse,
  AssessmentOverview,
  AssessmentStats,
  QuestionResponse,
} from '@coderoom/contracts';
import { AttemptState, Difficulty, Grade, SkillLevel } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser, packageImportDeps } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { type AssessmentManifest, importAssessment } from './assessments.package.js';

// Skill assessments through the HTTP API against a real database. The test app has no code runner, so
// attempts are made of the choice questions only. Option 'r' is always the right one here.

let t: TestApp;
let base: string;
let encodedId: string;

const LEVELS = ['easy', 'medium', 'hard'] as const;

function manifest(authorEmail: string): AssessmentManifest {
  const questions: AssessmentManifest['questions'] = [];
  for (const [index, difficulty] of LEVELS.flatMap((level) => [level, level, level, level]).entries()) {
    questions.push({
      kind: index % 4 === 3 ? 'multiple_answer' : 'multiple_choice',
      difficulty,
      skill: index % 2 === 0 ? 'Syntax' : 'Functions',
      text: `Question ${index} (${difficulty})`,
      options:
        index % 4 === 3
          ? [
              { id: 'r', text: 'Right', correct: true },
              { id: 'r2', text: 'Also right', correct: true },
              { id: 'w', text: 'Wrong', correct: false },
            ]
          : [
              { id: 'r', text: 'Right', correct: true },
              { id: 'w', text: 'Wrong', correct: false },
            ],
      test_cases: [],
    });
  }
  questions.push({
    kind: 'code',
    difficulty: 'medium',
    skill: 'Functions',
    text: 'Print 1.',
    options: [],
    starter_code: '',
    solution: 'print(1)',
    test_cases: [{ input: '', output: '1\n' }],
  });
  return {
    title: 'Python Check',
    summary: 'A test assessment.',
    overview: '',
    language_topic: 'Python',
    language: 'python3',
    difficulty: 'intermediate',
    tags: ['python'],
    skills: ['Syntax', 'Functions'],
    author: authorEmail,
    questions,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  const author = await buildUser(t.database, { fullName: 'Quiz Author' });
  await buildCourse(t.database, { author, title: 'Python Basics', topic: 'Python' });
  const { collectionId, created } = await importAssessment(packageImportDeps(t.database), {
    file: 'python-check.yaml',
    slug: 'python-check',
    manifest: manifest(author.email),
  });
  expect(created).toBe(true);
  base = `/api/skill-assessment/${author.id}/${collectionId}`;
  const again = await importAssessment(packageImportDeps(t.database), {
    file: 'python-check.yaml',
    slug: 'python-check',
    manifest: manifest(author.email),
  });
  expect(again).toEqual({ collectionId, created: false });
  const listing = await new TestClient(t.app).get('/api/reader/featured_items?type=assessments');
  encodedId = listing.json().items[0].encoded_id;
});
afterAll(async () => {
  await t.close();
});

async function start(client: TestClient) {
  const response = await client.post(`${base}/start`);
  expect(response.statusCode).toBe(200);
  return response.json().attempt as { attempt_id: number; current_question_id: number; state: number };
}

async function question(client: TestClient, attemptId: number, questionId: number) {
  const response = await client.get(`${base}/${attemptId}/${questionId}`);
  expect(response.statusCode).toBe(200);
  return response.json() as QuestionResponse;
}

function rightAnswer(current: QuestionResponse) {
  return current.question.kind === 'multiple_answer' ? ['r', 'r2'] : ['r'];
}

describe('skill assessments', () => {
  it('lists the published assessment in explore and shows its overview with the estimate', async () => {
    const visitor = new TestClient(t.app);
    const listing = (await visitor.get('/api/reader/featured_items?type=assessments')).json();
    expect(listing.items.map((item: { title: string }) => item.title)).toEqual(['Python Check']);
    expect(listing.items[0].work_type).toBe('skill_assessment');

    const overview = (await visitor.get(`/api/skill-assessments/${encodedId}`)).json() as AssessmentOverview;
    expect(overview).toMatchObject({
      title: 'Python Check',
      skills: ['Syntax', 'Functions'],
      question_count: 6,
      estimate_text: 'Est. 3 mins (Approx. 6 Qs)',
      in_progress_attempt_id: null,
      last_result: null,
    });
    expect((await visitor.get(base)).json()).toEqual(overview);
    expect((await visitor.post(`${base}/start`)).statusCode).toBe(401);
  });

  it('starts at a medium question whose payload carries no answers, and resumes the same attempt', async () => {
    const { client } = await signUp(t.app);
    const attempt = await start(client);
    expect(attempt.state).toBe(AttemptState.InProgress);
    const current = await question(client, attempt.attempt_id, attempt.current_question_id);
    expect(current.question.difficulty).toBe(Difficulty.Medium);
    expect(current.question.number).toBe(1);
    expect(current.attempt).toMatchObject({ answered: 0, total: 6 });
    const raw = JSON.stringify(current);
    expect(raw).not.toContain('correct');
    expect(raw).not.toContain('protected');
    expect(raw).not.toContain('solution');
    expect(Object.keys(current.question.options[0] ?? {}).sort()).toEqual(['id', 'text']);
    // The spec's other prefix answers the same.
    const alias = await client.get(
      `${base.replace('skill-assessment', 'assessment')}/${attempt.attempt_id}/${attempt.current_question_id}?assessment_type=skill_assessment`,
    );
    expect(alias.json()).toEqual(current);

    expect((await start(client)).attempt_id).toBe(attempt.attempt_id);
    const overview = (await client.get(base)).json() as AssessmentOverview;
    expect(overview.in_progress_attempt_id).toBe(attempt.attempt_id);
  });

  it('goes harder after a right answer and easier after a wrong one, then scores the attempt', async () => {
    const { client } = await signUp(t.app);
    const attempt = await start(client);
    let questionId = attempt.current_question_id;
    const pattern = [true, true, false, true, false, false];
    const difficulties: number[] = [];
    let last: AnswerResponse | null = null;
    for (const [index, isRight] of pattern.entries()) {
      const current = await question(client, attempt.attempt_id, questionId);
      expect(current.question.number).toBe(index + 1);
      difficulties.push(current.question.difficulty);
      const response = await client.post(`${base}/${attempt.attempt_id}/${questionId}/answer`, {
        option_ids: isRight ? rightAnswer(current) : ['w'],
      });
      expect(response.statusCode, response.body).toBe(200);
      last = response.json() as AnswerResponse;
      expect(last.is_correct).toBe(isRight);
      expect(last.attempt.answered).toBe(index + 1);
      // Answering the same question again is refused.
      const twice = await client.post(`${base}/${attempt.attempt_id}/${questionId}/answer`, {
        option_ids: ['r'],
      });
      expect(twice.statusCode).toBe(index === pattern.length - 1 ? 400 : 409);
      if (last.attempt.current_question_id !== null) questionId = last.attempt.current_question_id;
    }
    const { Medium, Hard } = Difficulty;
    expect(difficulties).toEqual([Medium, Hard, Hard, Medium, Hard, Medium]);
    expect(last?.attempt).toMatchObject({ state: AttemptState.Completed, current_question_id: null });

    expect((await client.get(`${base}/${attempt.attempt_id}/get-stats`)).statusCode).toBe(404);
    const generated = await client.post(`${base}/${attempt.attempt_id}/generate-stats`);
    expect(generated.statusCode).toBe(200);
    const stats = (await client.get(`${base}/${attempt.attempt_id}/get-stats`)).json() as AssessmentStats;
    expect(stats).toEqual(generated.json());
    // Right: medium 2 + hard 3 + medium 2 = 7 of 17 → 100 + 900 × 7 / 17 = 471, below proficient.
    expect(stats.score).toBe(471);
    expect(stats).toMatchObject({
      state: AttemptState.Completed,
      skill_level: SkillLevel.Beginner,
      skill_level_label: 'Beginner',
      grade: Grade.Fail,
      correct: 3,
      answered: 6,
      min_score: 100,
      max_score: 1000,
    });
    expect(stats.skills.reduce((sum, skill) => sum + skill.answered, 0)).toBe(6);
    expect(stats.recommended_courses.map((course) => course.title)).toEqual(['Python Basics']);

    const overview = (await client.get(base)).json() as AssessmentOverview;
    expect(overview.last_result).toMatchObject({ attempt_id: attempt.attempt_id, score: stats.score });
    expect(overview.in_progress_attempt_id).toBeNull();
  });

  it('keeps attempts private to their learner', async () => {
    const { client: owner } = await signUp(t.app);
    const { client: other } = await signUp(t.app);
    const attempt = await start(owner);
    const url = `${base}/${attempt.attempt_id}/${attempt.current_question_id}`;
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await other.post(`${url}/answer`, { option_ids: ['r'] })).statusCode).toBe(404);
    expect((await other.post(`${base}/${attempt.attempt_id}/abandon`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
  });

  it('abandons an attempt, after which it takes no answers and has no results', async () => {
    const { client } = await signUp(t.app);
    const attempt = await start(client);
    const abandoned = await client.post(`${base}/${attempt.attempt_id}/abandon`);
    expect(abandoned.json().attempt.state).toBe(AttemptState.Abandoned);
    const answer = await client.post(`${base}/${attempt.attempt_id}/${attempt.current_question_id}/answer`, {
      option_ids: ['r'],
    });
    expect(answer.statusCode).toBe(400);
    expect((await client.post(`${base}/${attempt.attempt_id}/generate-stats`)).statusCode).toBe(400);
    const fresh = await start(client);
    expect(fresh.attempt_id).not.toBe(attempt.attempt_id);
  });

  it('validates answers: known options, one option for single choice, choices not code', async () => {
    const { client } = await signUp(t.app);
    const attempt = await start(client);
    const url = `${base}/${attempt.attempt_id}/${attempt.current_question_id}/answer`;
    const current = await question(client, attempt.attempt_id, attempt.current_question_id);
    const unknown = await client.post(url, { option_ids: ['zz'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorText).toBe('Choose one of the listed answers.');
    expect((await client.post(url, { source_code: 'print(1)' })).json().errorText).toBe(
      'This question is answered by choosing options.',
    );
    if (current.question.kind === 'multiple_choice') {
      expect((await client.post(url, { option_ids: ['r', 'w'] })).json().errorText).toBe(
        'Choose exactly one answer.',
      );
    }
    expect((await client.post(url, {})).statusCode).toBe(400);
    const notAsked = await client.get(`${base}/${attempt.attempt_id}/1`);
    expect(notAsked.statusCode).toBe(404);
  });
});
