import { Difficulty, renderMarkdown } from '@coderoom/domain';
import { createRunner, type Runner } from '@coderoom/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../seed/demo.js';
import { type AssessmentPackage, loadAssessmentFolder, questionRows } from './assessments.package.js';

// The demo assessments are part of the product: every file parses, each language topic has one with
// enough questions at every difficulty, and every code question's reference solution passes its own
// test cases in the real sandbox (while the starter code does not).

let runner: Runner;
let packages: AssessmentPackage[];
beforeAll(async () => {
  packages = await loadAssessmentFolder(DEFAULT_CONTENT_DIR);
  // A uid range of its own, so this suite can run beside the other runner suites.
  runner = createRunner({ slots: 2, queueSize: 64, uidBase: 64800, limits: { compileTimeSeconds: 180 } });
});
afterAll(async () => {
  await runner.close();
});

describe('demo assessments', () => {
  it('has one assessment per language topic, 15+ questions across difficulties, 2+ code questions', () => {
    expect(packages.map((pkg) => pkg.manifest.language_topic).sort()).toEqual(
      ['C++', 'Go', 'JavaScript', 'Python', 'Rust', 'TypeScript'].sort(),
    );
    for (const pkg of packages) {
      const rows = questionRows(1, pkg.manifest);
      expect(rows.length, pkg.slug).toBeGreaterThanOrEqual(15);
      for (const level of [Difficulty.Easy, Difficulty.Medium, Difficulty.Hard]) {
        expect(
          rows.filter((row) => row.difficulty === level).length,
          `${pkg.slug} ${level}`,
        ).toBeGreaterThanOrEqual(4);
      }
      expect(rows.filter((row) => row.kind === 'code').length, pkg.slug).toBeGreaterThanOrEqual(2);
      expect(rows.filter((row) => row.kind === 'multiple_answer').length, pkg.slug).toBeGreaterThanOrEqual(2);
    }
  });

  it('renders every question and option text without markup errors', () => {
    const failures: string[] = [];
    for (const pkg of packages) {
      pkg.manifest.questions.forEach((question, index) => {
        for (const text of [question.text, ...question.options.map((option) => option.text)]) {
          const { errors } = renderMarkdown(text);
          if (errors.length > 0) failures.push(`${pkg.slug}#${index}: ${errors[0]}`);
        }
      });
    }
    expect(failures).toEqual([]);
  });

  it('passes every reference solution and fails every starter code', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const checks: Array<Promise<void>> = [];
    for (const pkg of packages) {
      pkg.manifest.questions.forEach((question, index) => {
        if (question.kind !== 'code') return;
        const judge = (source: string) =>
          runner.judge({
            language: pkg.manifest.language,
            source_code: source,
            test_cases: question.test_cases.map((testCase) => ({
              input: testCase.input,
              expected_output: testCase.output,
            })),
          });
        const where = `${pkg.slug}#${index}`;
        checks.push(
          judge(question.solution ?? '').then((result) => {
            if (!result.all_passed) {
              const failed = result.cases.filter((entry) => entry.verdict !== 'passed');
              failures.push(
                `${where}: ${result.status} ${failed.map((entry) => `case ${entry.index} ${entry.verdict}`).join(', ')} ${result.compile_output ?? ''}`,
              );
            }
          }),
          judge(question.starter_code ?? '').then((result) => {
            if (result.all_passed) failures.push(`${where}: the starter code already passes`);
          }),
        );
      });
    }
    await Promise.all(checks);
    expect(failures).toEqual([]);
    expect(checks.length).toBeGreaterThanOrEqual(24);
  });
});
