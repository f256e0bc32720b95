import type { CodeWidgetContent } from '@coderoom/contracts';
import { createRunner, type Runner } from '@coderoom/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../seed/demo.js';
import { programOf } from '../execution/execution.service.js';
import { type CoursePackage, codeWidgetsOf, loadContentFolder, type PathPackage } from './content.package.js';
import { prepareWidget } from './content.service.js';

// The demo content is part of the product: every package must parse, and every code widget's reference
// solution must pass the widget's own test cases and unit tests in the real sandbox.

let runner: Runner;
let courses: CoursePackage[];
let paths: PathPackage[];
beforeAll(async () => {
  ({ courses, paths } = await loadContentFolder(DEFAULT_CONTENT_DIR));
  // A uid range of its own (the leftover-process sweep kills by uid), and compile time to spare: this test
  // checks the solutions, not the speed of a compiler sharing two cores with the rest of the suite.
  runner = createRunner({ slots: 2, queueSize: 64, uidBase: 64700, limits: { compileTimeSeconds: 180 } });
});
afterAll(async () => {
  await runner.close();
});

function program(widget: CodeWidgetContent, source: string) {
  return programOf(widget, { source_code: source });
}

describe('demo content', () => {
  it('has one course per language topic, each with two categories and six lessons, and a path', () => {
    const topics = courses.map((course) => course.manifest.language_topic).sort();
    expect(topics).toEqual(['C++', 'Go', 'JavaScript', 'Python', 'Rust', 'TypeScript']);
    for (const course of courses) {
      expect(course.categories.length, course.slug).toBeGreaterThanOrEqual(2);
      const lessons = course.categories.reduce((sum, category) => sum + category.lessons.length, 0);
      expect(lessons, course.slug).toBeGreaterThanOrEqual(6);
      const judged = codeWidgetsOf(course).filter(({ widget }) => widget.content.judge);
      expect(judged.length, `${course.slug} judged exercises`).toBeGreaterThanOrEqual(2);
    }
    expect(paths.length).toBeGreaterThanOrEqual(1);
    const slugs = new Set(courses.map((course) => course.slug));
    for (const path of paths) {
      expect(path.manifest.courses.length).toBeGreaterThanOrEqual(3);
      for (const slug of path.manifest.courses) expect(slugs.has(slug), `${path.slug} → ${slug}`).toBe(true);
    }
  });

  it('renders every lesson markup without errors, as the importer does', () => {
    const failures: string[] = [];
    for (const course of courses) {
      for (const category of course.categories) {
        for (const lesson of category.lessons) {
          for (const widget of lesson.components) {
            try {
              prepareWidget(widget);
            } catch (error) {
              failures.push(`${course.slug}/${lesson.file}#${widget.comp_id}: ${(error as Error).message}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('uses every widget kind the reader renders', () => {
    const kinds = new Set<string>();
    for (const course of courses) {
      for (const category of course.categories) {
        for (const lesson of category.lessons) {
          for (const widget of lesson.components) {
            kinds.add(widget.type);
            if (widget.type === 'Columns') for (const comp of widget.content.comps) kinds.add(comp.type);
          }
        }
      }
    }
    expect([...kinds].sort()).toEqual(
      [
        'CanvasAnimation',
        'Code',
        'Columns',
        'MarkdownEditor',
        'Permutation',
        'Quiz',
        'RunJS',
        'SPA',
        'SlateHTML',
        'TabbedCode',
        'Table',
      ].sort(),
    );
  });

  it('runs every reference solution against its own tests in the sandbox', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const checks: Array<Promise<void>> = [];
    for (const course of courses) {
      for (const { lesson, widget } of codeWidgetsOf(course)) {
        const content = widget.content;
        const where = `${course.slug}/${lesson}#${widget.comp_id}`;
        const reference = content.solution ?? content.code;
        if (content.judge && content.testCases.length > 0) {
          if (!content.solution) failures.push(`${where}: a judged widget needs a solution`);
          checks.push(
            runner
              .judge({
                ...program(content, reference),
                test_cases: content.testCases.map((testCase) => ({
                  input: testCase.input,
                  expected_output: testCase.output,
                  hidden: testCase.hidden,
                  ...(testCase.comparison ? { comparison: testCase.comparison } : {}),
                })),
              })
              .then((result) => {
                if (!result.all_passed) {
                  const failed = result.cases.filter((entry) => entry.verdict !== 'passed');
                  failures.push(
                    `${where}: ${result.status} ${failed.map((entry) => `case ${entry.index} ${entry.verdict}`).join(', ')} ${result.compile_output ?? ''}`,
                  );
                }
              }),
          );
        }
        if (content.unitTests) {
          checks.push(
            runner
              .runTests({
                ...program(content, reference),
                test_code: content.unitTests.code,
                ...(content.unitTests.filename ? { test_filename: content.unitTests.filename } : {}),
              })
              .then((result) => {
                if (result.status !== 'completed' || result.failed > 0 || result.total === 0) {
                  failures.push(
                    `${where}: unit tests ${result.status} ${result.passed}/${result.total} ${result.message ?? ''}`,
                  );
                }
              }),
          );
        }
        if (!content.judge && !content.unitTests && content.runnable) {
          checks.push(
            runner.execute({ ...program(content, reference), stdin: '' }).then((result) => {
              // Examples that read input may end on EOF; what matters is that they build and start.
              if (result.status === 'compile_error' || result.status === 'time_limit') {
                failures.push(`${where}: example ${result.status} ${result.compile_output ?? ''}`);
              }
            }),
          );
        }
      }
    }
    await Promise.all(checks);
    expect(failures).toEqual([]);
    expect(checks.length).toBeGreaterThan(20);
  });
});
