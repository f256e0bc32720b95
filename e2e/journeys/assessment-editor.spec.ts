import { expect, test } from './fixtures';
import { DEMO_PASSWORD, logInAs, logInInNewContext } from './helpers';
import { shot } from './shot';

// The demo author adds a question to the Rust skill assessment in the assessment editor, is told what is
// wrong with it, fixes it, finds it again after a reload, and deletes it.

test('an author adds, fixes, reloads and deletes an assessment question', async ({ page }) => {
  const search = await page.request.get('/api/reader/featured_items?search_string=rust&type=assessments');
  const item = (await search.json()).items.find(
    (found: { title: string }) => found.title === 'Rust Skill Assessment',
  );
  expect(item).toBeTruthy();
  const editorUrl = `/assessmenteditor/${item.author_id}/${item.collection_id}/${item.collection_id}`;

  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, editorUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Rust Skill Assessment' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Questions' }).getByRole('listitem');
  const before = await list.count();
  expect(before).toBeGreaterThanOrEqual(15);
  // The first question is open, with its protected answer marked.
  await expect(page.getByRole('heading', { name: 'Question 1' })).toBeVisible();

  await page.getByRole('link', { name: 'Add question' }).click();
  await expect(page.getByRole('heading', { name: 'New question' })).toBeVisible();
  await page.getByLabel('Kind').selectOption('multiple_answer');
  await page.getByLabel('Difficulty').selectOption('1002');
  await page.getByLabel('Question (Markdown)').fill('Which of these types implement `Copy`?');
  await page.getByLabel('Option 1', { exact: true }).fill('`i32`');
  await page.getByLabel('Option 2', { exact: true }).fill('`String`');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Option 3', { exact: true }).fill('`bool`');
  // Nothing marked correct: the server says what is missing and nothing is saved.
  await page.getByLabel('Option 1 is correct').uncheck();
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Mark at least one option as correct.' }).first(),
  ).toBeVisible();
  await expect(list).toHaveCount(before);

  await page.getByLabel('Option 1 is correct').check();
  await page.getByLabel('Option 3 is correct').check();
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByText('Question saved.')).toBeVisible();
  await expect(list).toHaveCount(before + 1);
  await expect(page).toHaveURL(/\/assessmenteditor\/\d+\/\d+\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { name: `Question ${before + 1}` })).toBeVisible();
  await shot(page, '70-assessment-editor');

  await page.reload();
  await expect(page.getByLabel('Question (Markdown)')).toHaveValue('Which of these types implement `Copy`?');
  await expect(page.getByLabel('Option 1 is correct')).toBeChecked();
  await expect(page.getByLabel('Option 2 is correct')).not.toBeChecked();
  await expect(page.getByLabel('Option 3 is correct')).toBeChecked();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list).toHaveCount(before);
  await expect(page.getByRole('heading', { name: 'Question 1' })).toBeVisible();
});

test('an author publishes a questionnaire, a learner answers it, the author reads the tally', async ({
  page,
  browser,
}) => {
  const title = `Pace check ${Date.now()}`;
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Kind').selectOption('questionnaire');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Successfully Created Questionnaire')).toBeVisible();
  await expect(page).toHaveURL(/\/assessmenteditor\/\d+\/\d+\/\d+\?assessment_type=questionnaire$/);
  await expect(page.getByRole('heading', { name: 'New question' })).toBeVisible();

  // Ungraded: no correct answers to mark, no code questions.
  await expect(page.getByLabel('Option 1 is correct')).toHaveCount(0);
  await expect(page.getByLabel('Kind').locator('option')).toHaveText(['Multiple choice', 'Multiple answers']);
  await page.getByLabel('Skill').fill('Pace');
  await page.getByLabel('Question (Markdown)').fill('How was the pace of the course?');
  await page.getByLabel('Option 1', { exact: true }).fill('Too slow');
  await page.getByLabel('Option 2', { exact: true }).fill('Just right');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Option 3', { exact: true }).fill('Too fast');
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByText('Question saved.')).toBeVisible();

  // Submitted from the collection editor, approved by the admin.
  await page.getByRole('link', { name: '← Assessment details' }).click();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Submitted for review.')).toBeVisible();
  const admin = await logInInNewContext(browser, 'admin@coderoom.dev', '/admin/review-queue');
  await admin
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(admin.getByText(`"${title}" is approved.`)).toBeVisible();

  // The learner answers through the link the editor shows.
  await page.getByRole('link', { name: 'Edit questions' }).click();
  const learnerUrl = await page.getByRole('link', { name: "Learner's page" }).getAttribute('href');
  expect(learnerUrl).toMatch(/^\/questionnaires\//);
  const learner = await logInInNewContext(browser, 'learner@coderoom.dev', learnerUrl ?? '/');
  await expect(learner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await learner.getByRole('button', { name: 'Send my answers' }).click();
  await expect(learner.getByText('Answer this question.')).toBeVisible();
  await learner.getByLabel('Just right').check();
  await learner.getByRole('button', { name: 'Send my answers' }).click();
  await expect(learner.getByText('Thank you — your answers are saved.')).toBeVisible();
  await shot(learner, '71-questionnaire');
  await learner.reload();
  await expect(learner.getByLabel('Just right')).toBeChecked();
  await expect(learner.getByRole('button', { name: 'Update my answers' })).toBeVisible();

  await page.getByRole('link', { name: 'Responses' }).click();
  await expect(page.getByText('1 response', { exact: true })).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Just right: 100%' })).toBeVisible();
  await expect(
    page.getByRole('cell', { name: 'Lee Learner' }).or(page.getByRole('row').nth(1)),
  ).toBeVisible();
  await shot(page, '72-questionnaire-responses');
});
