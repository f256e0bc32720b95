import { renderMarkdown } from '@coderoom/domain';
import { BwrapInstanceDriver, createRunner, type Runner } from '@coderoom/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../seed/demo.js';
import { componentRequestOf, loadProjectFolder, type ProjectPackage } from './projects.package.js';
import { componentProblems } from './projects.policy.js';

// The demo projects are part of the product: every file parses and meets the editor's rules, its
// Markdown renders, and every code task's reference solution passes in the real sandbox (its test
// cases, or the protected evaluation files) while the starter code does not.

let runner: Runner;
let packages: ProjectPackage[];
beforeAll(async () => {
  packages = await loadProjectFolder(DEFAULT_CONTENT_DIR);
  // A uid range of its own, so this suite can run beside the other runner suites.
  runner = createRunner({ slots: 2, queueSize: 64, uidBase: 64900, limits: { compileTimeSeconds: 180 } });
});
afterAll(async () => {
  await runner.close();
});

describe('demo projects', () => {
  it('has the CLI project with checked and evaluated tasks, and the RunJS web app project', () => {
    const bySlug = new Map(packages.map((pkg) => [pkg.slug, pkg.manifest]));
    const cli = bySlug.get('word-frequency-counter');
    const web = bySlug.get('to-do-list-web-app');
    expect(cli?.language).toBe('python3');
    expect(cli?.tasks.filter((task) => task.type === 'code_widget').length).toBeGreaterThanOrEqual(2);
    expect(cli?.tasks.filter((task) => task.type === 'code_evaluation')).toHaveLength(1);
    expect(web?.tasks.every((task) => task.type === 'runjs')).toBe(true);
    expect(web?.tasks.at(-1)?.title).toMatch(/self-check/i);
  });

  it('meets the editor rules and renders every description, instruction and guide', () => {
    const failures: string[] = [];
    for (const pkg of packages) {
      const fileIds = new Map(pkg.manifest.files.map((file, index) => [file.name, index + 1]));
      const texts = [pkg.manifest.description];
      pkg.manifest.tasks.forEach((task, index) => {
        const request = componentRequestOf(task, index, pkg.manifest.language, fileIds);
        const problems = Object.values(componentProblems(request, new Set(fileIds.values())));
        if (problems.length > 0) failures.push(`${pkg.slug}#${index}: ${problems[0]}`);
        texts.push(task.instructions, task.guide ?? '');
      });
      for (const text of texts) {
        const { errors } = renderMarkdown(text);
        if (errors.length > 0) failures.push(`${pkg.slug}: ${errors[0]}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('passes every reference solution and fails every starter code', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const checks: Array<Promise<void>> = [];
    for (const pkg of packages) {
      const language = pkg.manifest.language;
      const files = new Map(pkg.manifest.files.map((file) => [file.name, file.content]));
      pkg.manifest.tasks.forEach((task, index) => {
        if (task.type !== 'code_widget' && task.type !== 'code_evaluation') return;
        const cases =
          task.type === 'code_evaluation'
            ? [
                {
                  input: files.get(task.evaluation_input ?? '') ?? '',
                  expected_output: files.get(task.evaluation_output ?? '') ?? '',
                },
              ]
            : task.test_cases.map((testCase) => ({
                input: testCase.input,
                expected_output: testCase.output,
              }));
        const judge = (source: string) =>
          runner.judge({
            language: language ?? 'python3',
            source_code: source,
            test_cases: cases,
            comparison: 'trimmed',
          });
        const where = `${pkg.slug}#${index}`;
        checks.push(
          judge(task.solution ?? '').then((result) => {
            if (!result.all_passed) {
              const failed = result.cases.filter((entry) => entry.verdict !== 'passed');
              failures.push(
                `${where}: ${result.status} ${failed.map((entry) => `case ${entry.index} ${entry.verdict} ${entry.stderr ?? ''}`).join(', ')}`,
              );
            }
          }),
          judge(task.starter_code ?? '').then((result) => {
            if (result.all_passed) failures.push(`${where}: the starter code already passes`);
          }),
        );
      });
    }
    await Promise.all(checks);
    expect(failures).toEqual([]);
    expect(checks.length).toBe(8);
  });

  it('has a terminal and a web-app project whose tests pass after the solution, not before', {
    timeout: 120_000,
  }, async () => {
    const live = packages.flatMap((pkg) =>
      pkg.manifest.tasks
        .filter((task) => task.type === 'terminal' || task.type === 'workspace')
        .map((task) => ({ where: `${pkg.slug}/${task.title}`, task })),
    );
    expect(live.map(({ task }) => task.type).sort()).toEqual(['terminal', 'workspace']);
    // A uid range of its own (63800+ belongs to the live-instance suites).
    const driver = new BwrapInstanceDriver({ uidBase: 63820, maxInstances: 2, reclaimIntervalMs: 0 });
    const failures: string[] = [];
    try {
      for (const { where, task } of live) {
        const allocate = () =>
          driver.allocate({ profile: task.live?.image ?? '', files: task.live?.files ?? [] });
        const runTests = async (handle: Awaited<ReturnType<typeof allocate>>) => {
          const results = [];
          for (const test of task.live_tests) results.push(await driver.exec(handle, test.script));
          return results;
        };
        const [starter, solved] = await Promise.all([allocate(), allocate()]);
        const before = await runTests(starter);
        if (before.every((result) => result.exitCode === 0)) failures.push(`${where}: the starter passes`);
        const solution = await driver.exec(solved, task.solution ?? 'false');
        if (solution.exitCode !== 0) failures.push(`${where}: the solution failed: ${solution.stderr}`);
        for (const [index, result] of (await runTests(solved)).entries()) {
          if (result.exitCode !== 0)
            failures.push(`${where}: test ${index + 1}: ${result.stdout}${result.stderr}`);
        }
        await Promise.all([driver.stop(starter), driver.stop(solved)]);
      }
    } finally {
      await driver.close();
    }
    expect(failures).toEqual([]);
  });
});
