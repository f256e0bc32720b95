import type { EditorProjectTask } from '@coderoom/contracts';
import { describe, expect, it } from 'vitest';
import { markdownOf, newTaskDraft, toSaveTaskRequest, toTaskDraft, withMarkdown } from './taskDraft';

const stored: EditorProjectTask = {
  component_id: 71000001,
  position: 0,
  title: 'Add two numbers',
  type: 'code_widget',
  description: [
    {
      type: 'MarkdownEditor',
      comp_id: 'md1',
      content: { text: 'Print the sum.', mdHtml: '<p>Print the sum.</p>' },
    },
    { type: 'SlateHTML', comp_id: 'rt1', content: { html: '<p>Kept</p>' } },
  ],
  guide: [],
  codeContent: { comp_id: 'sum', language: 'python3', code: 'print(0)\n', enableStdin: true },
  runjs: null,
  spa: null,
  url: null,
  live: null,
  protected_content: {
    evaluationInputFileId: null,
    evaluationOutputFileId: null,
    test_cases: [
      { input: '1 2\n', output: '3\n', hidden: false },
      { input: '40 2\n', output: '42\n', hidden: true },
    ],
    solution: 'print(3)\n',
    live_tests: [],
  },
  updated_at: '2026-11-23T00:00:00.000Z',
};

describe('task drafts', () => {
  it('round-trips a stored task, keeping widgets the editor does not edit', () => {
    const request = toSaveTaskRequest(toTaskDraft(stored));
    expect(request).toMatchObject({
      title: 'Add two numbers',
      type: 'code_widget',
      codeContent: { comp_id: 'sum', language: 'python3', code: 'print(0)\n', enableStdin: true },
      url: null,
      live: null,
      protected_content: { test_cases: stored.protected_content.test_cases, solution: 'print(3)\n' },
    });
    expect(request.description).toEqual([
      { type: 'MarkdownEditor', comp_id: 'md1', content: { text: 'Print the sum.' } },
      { type: 'SlateHTML', comp_id: 'rt1', content: { html: '<p>Kept</p>' } },
    ]);
    expect(request).not.toHaveProperty('project_id');
  });

  it('sends only what belongs to the type, so switching types loses nothing in the draft', () => {
    const draft = { ...toTaskDraft(stored), type: 'url_iframe' as const, url: ' https://example.com ' };
    const request = toSaveTaskRequest(draft, 70000001);
    expect(request).toMatchObject({
      project_id: 70000001,
      url: 'https://example.com',
      codeContent: null,
      protected_content: { test_cases: [], solution: null, evaluationInputFileId: null },
    });
    expect(toSaveTaskRequest({ ...draft, type: 'code_widget' }).codeContent?.code).toBe('print(0)\n');
  });

  it('sends the app port for workspaces only', () => {
    const live = { ...newTaskDraft(), image: 'coderoom/python/3', appPort: '8000' };
    expect(toSaveTaskRequest({ ...live, type: 'workspace' }).live?.app_port).toBe(8000);
    expect(toSaveTaskRequest({ ...live, type: 'terminal' }).live?.app_port).toBeNull();
  });

  it('edits the first Markdown widget: added when missing, dropped when emptied', () => {
    expect(markdownOf(stored.description)).toBe('Print the sum.');
    expect(withMarkdown([], '')).toEqual([]);
    expect(withMarkdown([], 'Hi')).toMatchObject([{ type: 'MarkdownEditor', content: { text: 'Hi' } }]);
    expect(withMarkdown(stored.description, ' ')).toEqual([stored.description[1]]);
  });
});
