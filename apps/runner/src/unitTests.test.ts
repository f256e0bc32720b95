import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRunner } from './test/fixture.js';
import type { LanguageId, RunTestsRequest } from './types.js';

const runner = createTestRunner(63300);
let available = new Set<LanguageId>();
beforeAll(async () => {
  available = new Set(
    (await runner.languages()).filter((language) => language.available).map((language) => language.language),
  );
});
afterAll(() => runner.close());

interface Suite {
  request: RunTestsRequest;
  /** name → status of the tests the suite must report. */
  expected: Record<string, 'passed' | 'failed' | 'skipped'>;
  /** A fragment of the failing test's message. */
  failure: string;
  broken: RunTestsRequest;
}

const suites: Partial<Record<LanguageId, Suite>> = {
  python3: {
    request: {
      language: 'python3',
      source_code: 'def add(a, b):\n    return a + b\n\nprint("module loaded")\n',
      test_code: [
        'import unittest',
        'from main import add',
        'class AddTest(unittest.TestCase):',
        '    def test_small(self):',
        '        self.assertEqual(add(1, 2), 3)',
        '    def test_wrong(self):',
        '        self.assertEqual(add(1, 2), 4, "one plus two")',
        '    def test_error(self):',
        '        raise KeyError("missing")',
        '    @unittest.skip("not yet")',
        '    def test_later(self):',
        '        pass',
      ].join('\n'),
    },
    expected: {
      'test_main.AddTest.test_small': 'passed',
      'test_main.AddTest.test_wrong': 'failed',
      'test_main.AddTest.test_error': 'failed',
      'test_main.AddTest.test_later': 'skipped',
    },
    failure: '3 != 4 : one plus two',
    broken: {
      language: 'python3',
      source_code: 'def add(a, b)\n    return a + b',
      test_code: 'import unittest\nimport main',
    },
  },
  javascript: {
    request: {
      language: 'javascript',
      source_code: 'export const add = (a, b) => a + b;\nconsole.log("module loaded");\n',
      test_code: [
        'import { describe, test } from "node:test";',
        'import assert from "node:assert/strict";',
        'import { add } from "./main.js";',
        'describe("add", () => {',
        '  test("small", () => assert.equal(add(1, 2), 3));',
        '  test("wrong", () => assert.equal(add(1, 2), 4));',
        '});',
        'test("later", { skip: "not yet" }, () => {});',
      ].join('\n'),
    },
    expected: { 'add > small': 'passed', 'add > wrong': 'failed', later: 'skipped' },
    failure: '3 !== 4',
    broken: {
      language: 'javascript',
      source_code: 'export const add = (a, b) => a +;',
      test_code: 'import { add } from "./main.js";',
    },
  },
  typescript: {
    request: {
      language: 'typescript',
      source_code: 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
      test_code: [
        'import { test } from "node:test";',
        'import assert from "node:assert/strict";',
        'import { add } from "./main";',
        'test("small", () => assert.equal(add(1, 2), 3));',
        'test("wrong", () => assert.equal(add(1, 2), 4));',
      ].join('\n'),
    },
    expected: { small: 'passed', wrong: 'failed' },
    failure: '3 !== 4',
    broken: {
      language: 'typescript',
      source_code: 'export function add(a: number, b: number {',
      test_code: 'import { add } from "./main";\nconsole.log(add(1, 2));',
    },
  },
  go: {
    request: {
      language: 'go',
      source_code: 'package main\n\nfunc Add(a, b int) int { return a + b }\n\nfunc main() {}\n',
      test_code: [
        'package main',
        'import "testing"',
        'func TestSmall(t *testing.T) { if Add(1, 2) != 3 { t.Fatal("want 3") } }',
        'func TestWrong(t *testing.T) { if got := Add(1, 2); got != 4 { t.Fatalf("Add(1, 2) = %d, want 4", got) } }',
      ].join('\n'),
    },
    expected: { TestSmall: 'passed', TestWrong: 'failed' },
    failure: 'Add(1, 2) = 3, want 4',
    broken: {
      language: 'go',
      source_code: 'package main\nfunc Add(a, b int) int { return a + }',
      test_code: 'package main',
    },
  },
  rust: {
    request: {
      language: 'rust',
      source_code:
        'fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n\nfn main() {\n    println!("{}", add(1, 2));\n}\n',
      test_code:
        '#[test]\nfn small() { assert_eq!(add(1, 2), 3); }\n#[test]\nfn wrong() { assert_eq!(add(1, 2), 4, "one plus two"); }\n#[test]\n#[ignore]\nfn later() {}\n',
    },
    expected: { 'tests::small': 'passed', 'tests::wrong': 'failed', 'tests::later': 'skipped' },
    failure: 'one plus two',
    broken: {
      language: 'rust',
      source_code: 'fn add(a: i32, b: i32) -> i32 { a + }\nfn main() {}',
      test_code: '#[test]\nfn t() {}',
    },
  },
  'c++': {
    request: {
      language: 'c++',
      source_code:
        '#include <iostream>\nint add(int a, int b) { return a + b; }\nint main() { std::cout << add(1, 2); }\n',
      test_code: [
        'int add(int a, int b);',
        'TEST(Add, Small) { EXPECT_EQ(add(1, 2), 3); }',
        'TEST(Add, Wrong) { ASSERT_EQ(add(1, 2), 4) << "one plus two"; EXPECT_TRUE(false); }',
      ].join('\n'),
    },
    expected: { 'Add.Small': 'passed', 'Add.Wrong': 'failed' },
    failure: 'main_test.cpp:3: Expected: add(1, 2) == 4\n  Actual: 3 vs 4\n  one plus two',
    broken: {
      language: 'c++',
      source_code: 'int add(int a, int b) { return a + }\nint main() {}',
      test_code: 'TEST(Add, Small) {}',
    },
  },
  java: {
    request: {
      language: 'java',
      entry_filename: 'Main.java',
      source_code:
        'public class Main {\n  public static int add(int a, int b) { return a + b; }\n  public static void main(String[] args) {}\n}\n',
      test_code: [
        'import org.junit.Test;',
        'import static org.junit.Assert.*;',
        'public class MainTest {',
        '  @Test public void small() { assertEquals(3, Main.add(1, 2)); }',
        '  @Test public void wrong() { assertEquals("one plus two", 4, Main.add(1, 2)); }',
        '  public void testThrows() { throw new IllegalStateException("boom"); }',
        '}',
      ].join('\n'),
    },
    expected: { small: 'passed', wrong: 'failed', testThrows: 'failed' },
    failure: 'one plus two: expected:<4> but was:<3>',
    broken: {
      language: 'java',
      entry_filename: 'Main.java',
      source_code: 'public class Main { int x = "text"; }',
      test_code: 'public class MainTest {}',
    },
  },
};

describe.each(Object.keys(suites) as LanguageId[])('unit tests in %s', (language) => {
  const suite = suites[language] as Suite;

  it('reports each test with its status and failure message', async () => {
    if (!available.has(language)) {
      await expect(runner.runTests(suite.request)).rejects.toMatchObject({ code: 'language_unavailable' });
      return;
    }
    const result = await runner.runTests({ ...suite.request, time_limit: 20 });
    expect(result.status).toBe('completed');
    const statuses = Object.fromEntries(result.tests.map((test) => [test.name, test.status]));
    expect(statuses).toEqual(suite.expected);
    const failed = result.tests.filter((test) => test.status === 'failed');
    expect(failed.some((test) => test.message?.includes(suite.failure))).toBe(true);
    expect(result.passed).toBe(Object.values(suite.expected).filter((status) => status === 'passed').length);
    expect(result.total).toBe(Object.keys(suite.expected).length);
  });

  it('reports code that does not build as compile_error (or a load error for JavaScript)', async () => {
    if (!available.has(language)) return;
    const result = await runner.runTests({ ...suite.broken, time_limit: 20 });
    if (language === 'javascript') {
      expect(result.status).toBe('error');
      expect(result.message).toContain('SyntaxError');
    } else {
      expect(result.status).toBe('compile_error');
      expect(result.compile_output).not.toBe('');
    }
    expect(result.tests).toEqual([]);
  });
});

describe('unit test requests', () => {
  it('keeps the learner output printed while loading the tests', async () => {
    const python = suites.python3 as Suite;
    const result = await runner.runTests(python.request);
    expect(result.stdout).toBe('module loaded\n');
  });

  it('fails only the C++ test that crashes or ends the program, and takes gtest includes and main.cpp', async () => {
    if (!available.has('c++')) return;
    const result = await runner.runTests({
      language: 'c++',
      source_code: [
        '#include <cstdlib>',
        '#include <stdexcept>',
        'int divide(int a, int b) { if (b == 0) throw std::invalid_argument("division by zero"); return a / b; }',
        'void crash() { std::abort(); }',
        'void quit() { std::exit(3); }',
        'int main() { return divide(4, 2); }',
      ].join('\n'),
      test_code: [
        '#include <gtest/gtest.h>',
        '#include <stdexcept>',
        '#include <string>',
        '#include <vector>',
        '#include "main.cpp"',
        'TEST(Divide, Works) { EXPECT_EQ(divide(9, 3), 3) << "nine by three"; }',
        'TEST(Divide, ByZero) { EXPECT_THROW(divide(1, 0), std::invalid_argument); }',
        'TEST(Divide, Uncaught) { divide(1, 0); }',
        'TEST(Crash, Abort) { crash(); }',
        'TEST(Crash, Exit) { quit(); }',
        'TEST(Later, Skipped) { GTEST_SKIP() << "not yet"; }',
        'TEST(After, StillRuns) { ASSERT_TRUE(divide(2, 1) == 2); EXPECT_NEAR(0.1 + 0.2, 0.3, 1e-9); }',
        'TEST(Show, Containers) { std::vector<std::string> got{"a", "b"}; EXPECT_EQ(got, std::vector<std::string>{"a"}); }',
      ].join('\n'),
      time_limit: 20,
    });
    expect(result.status, JSON.stringify(result)).toBe('completed');
    expect(Object.fromEntries(result.tests.map((test) => [test.name, test.status]))).toEqual({
      'Divide.Works': 'passed',
      'Divide.ByZero': 'passed',
      'Divide.Uncaught': 'failed',
      'Crash.Abort': 'failed',
      'Crash.Exit': 'failed',
      'Later.Skipped': 'skipped',
      'After.StillRuns': 'passed',
      'Show.Containers': 'failed',
    });
    const message = (name: string) => result.tests.find((test) => test.name === name)?.message;
    expect(message('Divide.Uncaught')).toBe('Uncaught exception: division by zero');
    expect(message('Crash.Abort')).toBe('The test crashed (Aborted)');
    expect(message('Crash.Exit')).toBe('The test ended the program (exit status 3)');
    expect(message('Show.Containers')).toContain('Actual: {"a", "b"} vs {"a"}');
  });

  it('stops tests that never finish at the time limit', async () => {
    const result = await runner.runTests({
      language: 'python3',
      source_code: 'def spin():\n    while True:\n        pass',
      test_code:
        'import unittest\nfrom main import spin\nclass T(unittest.TestCase):\n    def test_spin(self):\n        spin()',
      time_limit: 1,
    });
    expect(result).toMatchObject({ status: 'error', timed_out: true });
    expect(result.message).toContain('time limit');
  });
});
