import { describe, expect, it } from 'vitest';
import { PackageError, parseLessonBody, parseLessonFile, serializeLesson } from './content.package.js';
import { prepareWidget } from './content.service.js';

const lesson = `---
title: Reading input
estimated_minutes: 8
preview: true
---
Some **prose** first.

::: code
language: python3
judge: true
code: |
  n = int(input())
solution: |
  n = int(input())
  print(n * n)
testCases:
  - { input: "3\\n", output: "9\\n" }
  - { input: "4\\n", output: "16\\n", hidden: true }
:::

More prose, with a fence that shows the syntax:

\`\`\`text
::: quiz
\`\`\`

::: columns
comps:
  - kind: markdown
    text: Left
  - kind: table
    rows: [[a, b], [c, d]]
:::
`;

describe('lesson files', () => {
  it('split into Markdown runs and widgets with stable comp ids', () => {
    const parsed = parseLessonFile('01-reading-input.md', lesson);
    expect(parsed).toMatchObject({
      title: 'Reading input',
      estimatedMinutes: 8,
      isPreview: true,
      isOptional: false,
    });
    expect(parsed.components.map((widget) => `${widget.type}:${widget.comp_id}`)).toEqual([
      'MarkdownEditor:reading-input-1',
      'Code:reading-input-2',
      'MarkdownEditor:reading-input-3',
      'Columns:reading-input-4',
    ]);
    const code = parsed.components[1];
    expect(code?.type === 'Code' && code.content.testCases[1]).toEqual({
      input: '4\n',
      output: '16\n',
      hidden: true,
    });
    // A ::: line inside a code fence is prose, not a widget.
    expect(parsed.components[2]?.type === 'MarkdownEditor' && parsed.components[2].content.text).toContain(
      '::: quiz',
    );
    const columns = parsed.components[3];
    expect(columns?.type === 'Columns' && columns.content.comps.map((comp) => comp.comp_id)).toEqual([
      'reading-input-4-c0',
      'reading-input-4-c1',
    ]);
  });

  it('round-trip through export', () => {
    const parsed = parseLessonFile('01-reading-input.md', lesson);
    const again = parseLessonFile('01-reading-input.md', serializeLesson(parsed));
    expect(again).toEqual(parsed);
  });

  it('name the file and the reason when they do not parse', () => {
    expect(() => parseLessonFile('x.md', 'no front matter')).toThrow(PackageError);
    expect(() => parseLessonBody('x.md', '::: video\nurl: a\n:::')).toThrow(/unknown widget kind 'video'/);
    expect(() => parseLessonBody('x.md', '::: quiz\nquestions: []\n')).toThrow(/never closed/);
    expect(() => parseLessonBody('x.md', '::: table\nrows: [[a, b, c, d, e]]\n:::')).toThrow(
      /x\.md: x-1 \(table\)/,
    );
    expect(() => parseLessonBody('x.md', '::: code\nlanguage: cobol\ncode: x\n:::')).toThrow(/language/);
    expect(() => parseLessonFile('x.md', '---\ntitle: A\ncolour: red\n---\ntext')).toThrow(/front matter/);
  });
});

describe('widgets prepared for storage', () => {
  it('render Markdown and sanitise rich text and slides', () => {
    const markdown = prepareWidget({
      type: 'MarkdownEditor',
      comp_id: 'a',
      content: { text: '**hi** <script>x</script>' },
    });
    expect(markdown.type === 'MarkdownEditor' && markdown.content.mdHtml).toContain('<strong>hi</strong>');
    expect(markdown.type === 'MarkdownEditor' && markdown.content.mdHtml).not.toContain('<script>');
    const rich = prepareWidget({
      type: 'SlateHTML',
      comp_id: 'b',
      content: { html: '<p onclick="steal()">ok</p><script>alert(1)</script>' },
    });
    expect(rich.type === 'SlateHTML' && rich.content.html).toBe('<p>ok</p>');
    const slides = prepareWidget({
      type: 'CanvasAnimation',
      comp_id: 'c',
      content: {
        frames: [
          {
            caption: 'one',
            svg: '<svg viewBox="0 0 10 10"><script>x</script><rect width="5" height="5"/></svg>',
          },
        ],
      },
    });
    const svg = slides.type === 'CanvasAnimation' ? (slides.content.frames[0]?.svg ?? '') : '';
    expect(svg).toContain('<rect');
    expect(svg).not.toContain('script');
  });
});
