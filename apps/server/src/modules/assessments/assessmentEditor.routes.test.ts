import type { AssessmentPages, SaveQuestionResponse } from '@coderoom/contracts';
import { ErrorMessages } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtagMessages } from '../../platform/http/etag.js';
import { buildUser, packageImportDeps } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { AssessmentEditorErrors } from './assessments.errors.js';
import { importAssessment } from './assessments.package.js';

// The assessment editor through the HTTP API against a real database: who may read and write the
// questions, what a question must hold, and eTags on concurrent edits.

let t: TestApp;
let author: TestClient;
let authorId: number;
let collectionId: number;
let base: string;

const choice = (overrides: Record<string, unknown> = {}) => ({
  kind: 'multiple_choice',
  difficulty: 1001,
  skill: 'Syntax',
  text: 'Which keyword defines a function?',
  options: [
    { id: 'a', text: '`def`' },
    { id: 'b', text: '`fn`' },
  ],
  language: null,
  starter_code: null,
  ...overrides,
});
const secret = (overrides: Record<string, unknown> = {}) => ({
  correct_option_ids: ['a'],
  explanation: '`def` starts a function definition.',
  test_cases: [],
  solution: null,
  ...overrides,
});
const saveBody = (content: unknown, protectedContent: unknown) => ({
  content: JSON.stringify(content),
  protected_content: JSON.stringify(protectedContent),
});

async function pages(client = author) {
  const response = await client.post(`${base}/get-assessment-pages`);
  expect(response.statusCode).toBe(200);
  return response.json() as AssessmentPages;
}

/** A question save with `etag` in the eTag header: by default the list's current one; null sends none. */
async function saveQuestion(
  questionId: number | 'new',
  body: unknown,
  etag?: string | null,
  client = author,
) {
  const sent = etag === undefined ? (await pages()).etag : etag;
  return client.request(
    'PUT',
    `${base}/assessment/${collectionId}/question/${questionId}`,
    body,
    sent === null ? {} : { headers: { etag: `"${sent}"` } },
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  const user = await buildUser(t.database, { fullName: 'Quiz Author' });
  authorId = user.id;
  ({ collectionId } = await importAssessment(packageImportDeps(t.database), {
    file: 'editor-check.yaml',
    slug: 'editor-check',
    manifest: {
      title: 'Editor Check',
      summary: '',
      overview: '',
      language_topic: 'Python',
      language: 'python3',
      difficulty: 'intermediate',
      tags: [],
      skills: ['Syntax', 'Functions'],
      author: user.email,
      questions: [
        {
          kind: 'multiple_choice',
          difficulty: 'easy',
          skill: 'Syntax',
          text: 'First',
          options: [
            { id: 'r', text: 'Right', correct: true },
            { id: 'w', text: 'Wrong', correct: false },
          ],
          test_cases: [],
        },
        {
          kind: 'multiple_answer',
          difficulty: 'hard',
          skill: 'Functions',
          text: 'Second',
          options: [
            { id: 'r', text: 'Right', correct: true },
            { id: 'r2', text: 'Also right', correct: true },
            { id: 'w', text: 'Wrong', correct: false },
          ],
          test_cases: [],
        },
      ],
    },
  }));
  base = `/api/author/${authorId}/collection/${collectionId}`;
  author = new TestClient(t.app);
  const login = await author.post('/api/user/login', { email: user.email, password: user.password });
  expect(login.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('assessment editor', () => {
  it('shows its editors every question with the protected content and the eTag', async () => {
    const response = await author.post(`${base}/get-assessment-pages`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as AssessmentPages;
    expect(response.headers.etag).toBe(`"${body.etag}"`);
    expect(body).toMatchObject({ title: 'Editor Check', skills: ['Syntax', 'Functions'], can_edit: true });
    expect(body.questions.map((question) => question.content.text)).toEqual(['First', 'Second']);
    expect(body.questions[1]?.protected_content.correct_option_ids).toEqual(['r', 'r2']);
  });

  it('adds a question at the end and saves changes to it', async () => {
    const before = await pages();
    const created = await saveQuestion('new', saveBody(choice(), secret()), before.etag);
    expect(created.statusCode, created.body).toBe(201);
    const { question, etag } = created.json() as SaveQuestionResponse;
    expect(question).toMatchObject({ position: 2, content: { kind: 'multiple_choice', difficulty: 1001 } });
    expect(etag).not.toBe(before.etag);

    const edited = await saveQuestion(
      question.question_id,
      saveBody(choice({ text: 'Which keyword starts a function?' }), secret({ correct_option_ids: ['a'] })),
    );
    expect(edited.statusCode).toBe(200);
    const after = await pages();
    expect(after.etag).toBe((edited.json() as SaveQuestionResponse).etag);
    expect(after.questions.at(-1)?.content.text).toBe('Which keyword starts a function?');
  });

  it('keeps only what belongs to the kind: a code question drops options, a choice question drops code', async () => {
    const code = await saveQuestion(
      'new',
      saveBody(
        choice({ kind: 'code', skill: 'Functions', language: 'python3', starter_code: '# your code' }),
        secret({ test_cases: [{ input: '', output: '1\n' }], solution: 'print(1)' }),
      ),
    );
    expect(code.statusCode).toBe(201);
    const { question } = code.json() as SaveQuestionResponse;
    expect(question.content.options).toEqual([]);
    expect(question.protected_content.correct_option_ids).toEqual([]);

    const backToChoice = await saveQuestion(question.question_id, saveBody(choice(), secret()));
    expect(backToChoice.statusCode).toBe(200);
    const saved = (backToChoice.json() as SaveQuestionResponse).question;
    expect(saved.content).toMatchObject({ language: null, starter_code: null });
    expect(saved.protected_content).toMatchObject({ test_cases: [], solution: null });
  });

  it('answers bad questions with 400 and a message per field, and changes nothing', async () => {
    const before = await pages();
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ content: 'not json', protected_content: '{}' }, { content: AssessmentEditorErrors.NotJson }],
      [
        saveBody(choice({ skill: 'Cooking' }), secret()),
        { 'content.skill': AssessmentEditorErrors.UnknownSkill },
      ],
      [
        saveBody(choice(), secret({ correct_option_ids: ['a', 'b'] })),
        { 'protected_content.correct_option_ids': AssessmentEditorErrors.ExactlyOneCorrect },
      ],
      [
        saveBody(choice(), secret({ correct_option_ids: ['z'] })),
        { 'protected_content.correct_option_ids': AssessmentEditorErrors.UnknownCorrectOption },
      ],
      [
        saveBody(choice({ kind: 'multiple_answer' }), secret({ correct_option_ids: [] })),
        { 'protected_content.correct_option_ids': AssessmentEditorErrors.OneOrMoreCorrect },
      ],
      [
        saveBody(choice({ options: [{ id: 'a', text: 'Only one' }] }), secret()),
        { 'content.options': AssessmentEditorErrors.TwoOptions },
      ],
      [
        saveBody(choice({ kind: 'code', language: null }), secret()),
        {
          'content.language': AssessmentEditorErrors.LanguageRequired,
          'protected_content.test_cases': AssessmentEditorErrors.TestsRequired,
          'protected_content.solution': AssessmentEditorErrors.SolutionRequired,
        },
      ],
      [saveBody(choice({ text: '   ' }), secret()), { 'content.text': 'Write the question.' }],
      [saveBody(choice({ difficulty: 7 }), secret()), {}],
    ];
    for (const [body, errors] of cases) {
      const response = await saveQuestion('new', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json() as { errorText: string; errors: Record<string, string> };
      expect(answer.errorText).toBe(Object.values(answer.errors)[0]);
      for (const [field, message] of Object.entries(errors)) expect(answer.errors[field]).toBe(message);
      if (Object.keys(errors).length === 0)
        expect(Object.keys(answer.errors)).toContain('content.difficulty');
    }
    expect((await pages()).etag).toBe(before.etag);
  });

  it('refuses a write based on a stale eTag with the spec conflict text', async () => {
    const seen = await pages();
    const first = seen.questions[0];
    if (!first) throw new Error('no question');
    // Another tab saves in between.
    const other = await saveQuestion(
      first.question_id,
      saveBody(choice({ text: 'Edited elsewhere' }), secret()),
    );
    expect(other.statusCode).toBe(200);

    const stale = await saveQuestion(
      first.question_id,
      saveBody(choice({ text: 'Mine' }), secret()),
      seen.etag,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(ErrorMessages.ContentJustUpdated);
    const reorder = await author.request(
      'PUT',
      `${base}/assessment/${collectionId}`,
      { question_ids: seen.questions.map((question) => question.question_id).reverse() },
      { headers: { 'if-match': seen.etag } },
    );
    expect(reorder.statusCode).toBe(409);
    expect((await pages()).questions[0]?.content.text).toBe('Edited elsewhere');

    const missing = await saveQuestion(first.question_id, saveBody(choice({ text: 'Mine' }), secret()), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ etag: EtagMessages.Required });
    expect((await pages()).questions[0]?.content.text).toBe('Edited elsewhere');
  });

  it('reorders with the current eTag and insists on every question exactly once', async () => {
    const seen = await pages();
    const ids = seen.questions.map((question) => question.question_id);
    const url = `${base}/assessment/${collectionId}`;
    const put = (questionIds: number[], etag = seen.etag) =>
      author.request('PUT', url, { question_ids: questionIds }, { headers: { 'if-match': etag } });

    expect((await put(ids.slice(1))).statusCode).toBe(400);
    expect((await put([...ids, ids[0] ?? 0])).statusCode).toBe(400);
    expect((await author.request('PUT', url, { question_ids: ids })).statusCode).toBe(400); // no eTag

    const reordered = await put([...ids].reverse());
    expect(reordered.statusCode).toBe(200);
    const after = await pages();
    expect(after.etag).toBe(reordered.json().etag);
    expect(after.questions.map((question) => question.question_id)).toEqual([...ids].reverse());
    expect(after.questions.map((question) => question.position)).toEqual(ids.map((_, index) => index));
  });

  it('retires a deleted question: gone from the editor and from new attempts', async () => {
    const seen = await pages();
    const last = seen.questions.at(-1);
    if (!last) throw new Error('no question');
    const url = `${base}/assessment/${collectionId}/question/${last.question_id}`;
    expect((await author.request('DELETE', url)).statusCode).toBe(400); // no eTag
    const deleted = await author.request('DELETE', url, undefined, { headers: { 'if-match': seen.etag } });
    expect(deleted.statusCode).toBe(200);
    const after = await pages();
    expect(after.questions.map((question) => question.question_id)).not.toContain(last.question_id);
    const again = await author.request('DELETE', url, undefined, { headers: { 'if-match': after.etag } });
    expect(again.statusCode).toBe(404);
    const overview = (
      await new TestClient(t.app).get(`/api/skill-assessment/${authorId}/${collectionId}`)
    ).json();
    expect(overview.question_count).toBe(after.questions.length);
  });

  it('lets only editors write: learners 403, strangers to drafts 404, visitors 401, viewers read only', async () => {
    const { client: learner } = await signUp(t.app);
    const learnerRead = await learner.post(`${base}/get-assessment-pages`);
    expect(learnerRead.statusCode).toBe(403);
    expect(learnerRead.json().errorText).toBe(AssessmentEditorErrors.NotAnEditor);
    expect((await saveQuestion('new', saveBody(choice(), secret()), undefined, learner)).statusCode).toBe(
      403,
    );
    expect((await new TestClient(t.app).post(`${base}/get-assessment-pages`)).statusCode).toBe(401);

    const { client: viewer, email } = await signUp(t.app);
    const invited = await author.post(`${base}/collaborators`, { email, role: 'collaborator' });
    expect(invited.statusCode).toBe(201);
    const viewed = await pages(viewer);
    expect(viewed.can_edit).toBe(false);
    expect((await saveQuestion('new', saveBody(choice(), secret()), undefined, viewer)).statusCode).toBe(403);

    // The assessment id is the collection's; a course is not an assessment.
    const wrongId = await author.request(
      'PUT',
      `${base}/assessment/${collectionId + 1}/question/new`,
      saveBody(choice(), secret()),
    );
    expect(wrongId.statusCode).toBe(404);
    const course = await author.post('/api/author/collection?work_type=course', { title: 'Not a quiz' });
    const courseBase = `/api/author/${authorId}/collection/${course.json().collection_id}`;
    expect((await author.post(`${courseBase}/get-assessment-pages`)).statusCode).toBe(404);
  });
});

describe('a new assessment from /teach', () => {
  it('starts empty, takes any skill while none are listed, and gets its questions in order', async () => {
    const created = await author.post('/api/author/collection?work_type=skill_assessment', {
      title: 'Go Check',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().collection_id as number;
    const url = `/api/author/${authorId}/collection/${id}`;
    const empty = (await author.post(`${url}/get-assessment-pages`)).json() as AssessmentPages;
    expect(empty).toMatchObject({
      title: 'Go Check',
      skills: [],
      questions: [],
      work_type: 'skill_assessment',
    });

    let etag = empty.etag;
    for (const text of ['One', 'Two']) {
      const saved = await author.request(
        'PUT',
        `${url}/assessment/${id}/question/new`,
        saveBody(choice({ text, skill: 'Goroutines' }), secret()),
        { headers: { etag } },
      );
      expect(saved.statusCode).toBe(201);
      expect(saved.headers.etag).toBe(`"${saved.json().etag}"`);
      etag = saved.json().etag;
    }
    const filled = (await author.post(`${url}/get-assessment-pages`)).json() as AssessmentPages;
    expect(filled.questions.map((question) => [question.content.text, question.position])).toEqual([
      ['One', 0],
      ['Two', 1],
    ]);
  });
});
