import { expect, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// The demo author adds a URL iframe task to the To-Do List project in the project editor, is told the URL
// is not valid, fixes it, saves with Ctrl+S, finds the task again after a reload, moves it, and deletes it.

test('an author adds, fixes, reloads and deletes a project task', async ({ page }) => {
  const search = await page.request.get('/api/reader/featured_items?search_string=to-do&type=projects');
  const item = (await search.json()).items.find(
    (found: { title: string }) => found.title === 'To-Do List Web App',
  );
  expect(item).toBeTruthy();
  const overview = await (await page.request.get(`/api/projects/${item.encoded_id}`)).json();
  const editorUrl = `/projecteditor/${overview.author_id}/${overview.collection_id}/${overview.project_id}`;

  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, editorUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'To-Do List Web App' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Project details' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Tasks' }).getByRole('listitem');
  const before = await list.count();
  expect(before).toBeGreaterThanOrEqual(4);
  await shot(page, '73-project-editor-details');

  await page.getByRole('link', { name: 'Add task' }).click();
  await expect(page.getByRole('heading', { name: 'New task' })).toBeVisible();
  await page.getByLabel('Title').fill('Read about the DOM');
  await page.getByLabel('Type').selectOption('url_iframe');
  await page.getByLabel('Instructions (Markdown)').fill('Skim the **DOM** introduction.');
  await page.getByLabel('URL').fill('not a url');
  await page.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByText('Enter a valid URL').first()).toBeVisible();
  await shot(page, '74-project-editor-invalid-url');
  await expect(list).toHaveCount(before);

  await page.getByLabel('URL').fill('https://developer.mozilla.org/en-US/docs/Web/API/Document_Object_Model');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Task saved.')).toBeVisible();
  await expect(list).toHaveCount(before + 1);
  await expect(page).toHaveURL(/\/projecteditor\/\d+\/\d+\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { name: `Task ${before + 1}` })).toBeVisible();
  await shot(page, '75-project-editor');

  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Read about the DOM');
  await expect(page.getByLabel('Type')).toHaveValue('url_iframe');
  await expect(page.getByLabel('URL')).toHaveValue(
    'https://developer.mozilla.org/en-US/docs/Web/API/Document_Object_Model',
  );

  // Move it up one place and back down: the list follows.
  await page.getByRole('button', { name: 'Move up' }).click();
  await expect(page.getByText(`Moved to position ${before}.`)).toBeVisible();
  await expect(list.nth(before - 1)).toContainText('Read about the DOM');
  await page.getByRole('button', { name: 'Move down' }).click();
  await expect(list.nth(before)).toContainText('Read about the DOM');

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list).toHaveCount(before);
  await expect(page.getByRole('heading', { name: 'Project details' })).toBeVisible();
});
