import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRunner } from '../test/fixture.js';
import type { JudgeTestCase } from '../types.js';

const runner = createTestRunner(63200);
let cppAvailable = false;
beforeAll(async () => {
  cppAvailable = (await runner.languages()).some(
    (language) => language.language === 'c++' && language.available,
  );
});
afterAll(() => runner.close());

const SUM = 'a, b = map(float, input().split())\ns = a + b\nprint(int(s) if s.is_integer() else s)';

describe('judge', () => {
  it('gives passed and wrong_answer verdicts under each comparison mode', async () => {
    const cases: JudgeTestCase[] = [
      { id: 'exact-pass', input: '1 2\n', expected_output: '3\n', comparison: 'exact' },
      { id: 'exact-fail', input: '1 2\n', expected_output: '3', comparison: 'exact' },
      { id: 'trimmed-pass', input: '2 2\n', expected_output: '\n4  \n\n', comparison: 'trimmed' },
      { id: 'trimmed-fail', input: '2 2\n', expected_output: '5', comparison: 'trimmed' },
      { id: 'tokens-pass', input: '3 3\n', expected_output: ' 6 ', comparison: 'tokens' },
      { id: 'float-pass', input: '0.1 0.2\n', expected_output: '0.3', comparison: 'float' },
      { id: 'float-fail', input: '0.1 0.2\n', expected_output: '0.31', comparison: 'float' },
    ];
    const result = await runner.judge({ language: 'python3', source_code: SUM, test_cases: cases });
    expect(result.status).toBe('completed');
    expect(result.cases.map((testCase) => [testCase.id, testCase.verdict])).toEqual([
      ['exact-pass', 'passed'],
      ['exact-fail', 'wrong_answer'],
      ['trimmed-pass', 'passed'],
      ['trimmed-fail', 'wrong_answer'],
      ['tokens-pass', 'passed'],
      ['float-pass', 'passed'],
      ['float-fail', 'wrong_answer'],
    ]);
    expect(result).toMatchObject({ passed: 4, total: 7, all_passed: false });
    expect(result.cases[1]).toMatchObject({
      input: '1 2\n',
      expected_output: '3',
      actual_output: '3\n',
      exit_code: 0,
    });
  });

  it('gives runtime_error and time_limit verdicts per case and keeps judging the rest', async () => {
    const source = [
      'import sys, time',
      'n = input().strip()',
      'if n == "crash": sys.exit(4)',
      'if n == "raise": raise ValueError("bad input")',
      'if n == "sleep": time.sleep(30)',
      'if n == "spin":',
      '    while True: pass',
      'if n == "eat": x = bytearray(400 * 1024 * 1024)',
      'print(n)',
    ].join('\n');
    const inputs = ['ok', 'crash', 'raise', 'sleep', 'spin', 'eat', 'after'];
    const result = await runner.judge({
      language: 'python3',
      source_code: source,
      time_limit: 1,
      memory_limit_mb: 64,
      test_cases: inputs.map((input) => ({ input: `${input}\n`, expected_output: input })),
    });
    expect(result.cases.map((testCase) => testCase.verdict)).toEqual([
      'passed',
      'runtime_error',
      'runtime_error',
      'time_limit',
      'time_limit',
      'runtime_error',
      'passed',
    ]);
    expect(result.cases[1]).toMatchObject({ exit_code: 4, message: 'Exited with code 4.' });
    expect(result.cases[2]?.stderr).toContain('ValueError: bad input');
    expect(result.cases[5]?.message).toBe('Memory limit exceeded.');
  });

  it('never reveals a hidden case: no input, outputs, stderr or message, not even through visible cases', async () => {
    const secret = 'hidden-secret-4242';
    // The program tries to find other cases' inputs on disk and in other processes, and prints everything.
    const source = [
      'import glob, os, sys',
      'data = sys.stdin.read()',
      'seen = []',
      'for path in glob.glob("/box/tmp/**", recursive=True) + glob.glob("/proc/*/cmdline"):',
      '    try: seen.append(open(path, "rb").read().decode(errors="replace"))',
      '    except OSError: pass',
      'print(data.strip())',
      'print(" ".join(seen))',
      'print("leak:", data, file=sys.stderr)',
      'sys.exit(1 if "crash" in data else 0)',
    ].join('\n');
    const result = await runner.judge({
      language: 'python3',
      source_code: source,
      comparison: 'tokens',
      test_cases: [
        { input: `${secret} crash`, expected_output: 'x', hidden: true },
        { input: 'visible', expected_output: 'visible' },
        { input: secret, expected_output: secret, hidden: true },
      ],
    });
    const [hiddenCrash, visible, hidden] = result.cases;
    expect(hiddenCrash).toEqual({
      index: 0,
      id: null,
      hidden: true,
      verdict: 'runtime_error',
      time_ms: expect.any(Number),
    });
    expect(hidden).toEqual({
      index: 2,
      id: null,
      hidden: true,
      verdict: 'wrong_answer',
      time_ms: expect.any(Number),
    });
    expect(visible?.hidden).toBe(false);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('runs all cases of a submission in one sandbox, quickly', async () => {
    const cases = Array.from({ length: 10 }, (_, index) => ({
      input: `${index} 1\n`,
      expected_output: `${index + 1}`,
    }));
    const result = await runner.judge({ language: 'python3', source_code: SUM, test_cases: cases });
    expect(result).toMatchObject({ passed: 10, all_passed: true });
    // One sandbox: about one Python start per case, not one sandbox per case.
    expect(result.time_ms).toBeLessThan(2000);
  });

  it('reports a compile error for a compiled language without running any case', async () => {
    if (!cppAvailable) {
      await expect(
        runner.judge({
          language: 'c++',
          source_code: 'int main() {',
          test_cases: [{ input: '', expected_output: '' }],
        }),
      ).rejects.toMatchObject({ code: 'language_unavailable' });
      return;
    }
    const broken = await runner.judge({
      language: 'c++',
      source_code: 'int main() { return missing; }',
      test_cases: [
        { input: '', expected_output: '' },
        { input: '', expected_output: '', hidden: true },
      ],
    });
    expect(broken.status).toBe('compile_error');
    expect(broken.compile_output).toContain('missing');
    expect(broken.cases.map((testCase) => testCase.verdict)).toEqual(['not_run', 'not_run']);

    const working = await runner.judge({
      language: 'c++',
      source_code:
        '#include <iostream>\nint main() { long a, b; std::cin >> a >> b; std::cout << a * b << "\\n"; }',
      test_cases: [
        { input: '6 7', expected_output: '42' },
        { input: '3 3', expected_output: '9', hidden: true },
      ],
    });
    expect(working).toMatchObject({ status: 'completed', passed: 2, all_passed: true });
  });

  it('rejects a judge request without test cases', async () => {
    await expect(
      runner.judge({ language: 'python3', source_code: 'print(1)', test_cases: [] }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'test_cases',
    });
  });
});
