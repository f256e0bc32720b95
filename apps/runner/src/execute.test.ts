import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunnerError } from './errors.js';
import { missingToolchain } from './languages/toolchain.js';
import { createTestRunner } from './test/fixture.js';
import type { LanguageAvailability, LanguageId } from './types.js';

const runner = createTestRunner(63000);
let availability: Map<LanguageId, LanguageAvailability>;

beforeAll(async () => {
  availability = new Map((await runner.languages()).map((language) => [language.language, language]));
});
afterAll(() => runner.close());

interface Sample {
  entry: string;
  echo: string;
  compileError: string;
  /** Message fragment the compiler prints for compileError. */
  compilerSays: string;
  exitThree: string;
}

const samples: Record<LanguageId, Sample> = {
  python3: {
    entry: 'main.py',
    echo: 'name = input()\nprint(f"hello {name}")',
    compileError: 'print("unclosed"',
    compilerSays: 'SyntaxError',
    exitThree: 'import sys\nsys.exit(3)',
  },
  javascript: {
    entry: 'main.js',
    echo: 'const name = require("node:fs").readFileSync(0, "utf8").trim();\nconsole.log("hello " + name);',
    compileError: 'console.log("unclosed"',
    compilerSays: 'SyntaxError',
    exitThree: 'process.exit(3);',
  },
  typescript: {
    entry: 'main.ts',
    echo: 'import { readFileSync } from "node:fs";\nconst name: string = readFileSync(0, "utf8").trim();\nconsole.log("hello " + name);',
    compileError: 'const x: number = (1;',
    compilerSays: 'main.ts:1',
    exitThree: 'process.exit(3);',
  },
  'c++': {
    entry: 'main.cpp',
    echo: '#include <iostream>\n#include <string>\nint main() { std::string name; std::getline(std::cin, name); std::cout << "hello " << name << "\\n"; }',
    compileError: 'int main() { return undefined_name; }',
    compilerSays: 'was not declared in this scope',
    exitThree: 'int main() { return 3; }',
  },
  go: {
    entry: 'main.go',
    echo: 'package main\nimport ("bufio"; "fmt"; "os")\nfunc main() { s := bufio.NewScanner(os.Stdin); s.Scan(); fmt.Printf("hello %s\\n", s.Text()) }',
    compileError: 'package main\nfunc main() { undefinedName() }',
    compilerSays: 'undefined: undefinedName',
    exitThree: 'package main\nimport "os"\nfunc main() { os.Exit(3) }',
  },
  rust: {
    entry: 'main.rs',
    echo: 'fn main() { let mut name = String::new(); std::io::stdin().read_line(&mut name).unwrap(); println!("hello {}", name.trim()); }',
    compileError: 'fn main() { let x: i32 = "text"; }',
    compilerSays: 'mismatched types',
    exitThree: 'fn main() { std::process::exit(3); }',
  },
  java: {
    entry: 'Main.java',
    echo: 'import java.util.Scanner;\npublic class Main { public static void main(String[] args) { System.out.println("hello " + new Scanner(System.in).nextLine()); } }',
    compileError: 'public class Main { public static void main(String[] args) { int x = "text"; } }',
    compilerSays: 'incompatible types',
    exitThree: 'public class Main { public static void main(String[] args) { System.exit(3); } }',
  },
};

const languages = Object.keys(samples) as LanguageId[];

describe.each(languages)('%s', (language) => {
  const sample = samples[language];
  const run = (source_code: string, stdin = '') =>
    runner.execute({ language, source_code, entry_filename: sample.entry, stdin, time_limit: 20 });

  it('is available exactly when its toolchain is installed, and says why not otherwise', () => {
    const answer = availability.get(language);
    const missing = missingToolchain({ id: language, binaries: languageBinaries(language) });
    expect(answer?.available).toBe(missing === null);
    if (!answer?.available) expect(answer?.reason).toMatch(/not installed|not executable|does not start/);
  });

  it('runs hello world reading stdin, or answers language_unavailable', async () => {
    if (!availability.get(language)?.available) {
      await expect(run(sample.echo, 'world\n')).rejects.toMatchObject({
        code: 'language_unavailable',
        status: 400,
      });
      return;
    }
    const result = await run(sample.echo, 'world\n');
    expect(result).toMatchObject({ status: 'ok', stdout: 'hello world\n', exit_code: 0, timed_out: false });
    expect(result.time_ms).toBeGreaterThan(0);
  });

  it("reports a compile error with the compiler's message", async () => {
    if (!availability.get(language)?.available)
      return expect(run(sample.compileError)).rejects.toBeInstanceOf(RunnerError);
    const result = await run(sample.compileError);
    if (language === 'python3' || language === 'javascript') {
      // Interpreted: the syntax error surfaces when the program starts.
      expect(result.status).toBe('runtime_error');
      expect(result.stderr).toContain(sample.compilerSays);
    } else {
      expect(result.status).toBe('compile_error');
      expect(result.compile_output).toContain(sample.compilerSays);
      expect(result.exit_code).toBeNull();
    }
  });

  it('reports a runtime error with its exit code', async () => {
    if (!availability.get(language)?.available)
      return expect(run(sample.exitThree)).rejects.toBeInstanceOf(RunnerError);
    const result = await run(sample.exitThree);
    expect(result).toMatchObject({ status: 'runtime_error', exit_code: 3, signal: null });
  });
});

function languageBinaries(language: LanguageId): string[] {
  const binaries: Record<LanguageId, string[]> = {
    python3: ['/usr/bin/python3'],
    javascript: ['/usr/bin/node'],
    typescript: ['/usr/bin/node'],
    'c++': ['/usr/bin/g++'],
    go: ['/usr/bin/go'],
    rust: ['/usr/bin/rustc', '/usr/bin/cc'],
    java: ['/usr/bin/javac', '/usr/bin/java'],
  };
  return binaries[language];
}

describe('builds and caching', () => {
  it('reuses a build for the same source and rebuilds when it changes', async () => {
    if (!availability.get('c++')?.available) return;
    const source = '#include <cstdio>\nint main() { std::puts("cached"); }';
    const stamp = `${process.pid}-${Date.now()}`;
    const first = await runner.execute({ language: 'c++', source_code: `${source}\n// ${stamp} a` });
    const second = await runner.execute({ language: 'c++', source_code: `${source}\n// ${stamp} b` });
    const again = await runner.execute({ language: 'c++', source_code: `${source}\n// ${stamp} b` });
    expect(first.compile_cached).toBe(false);
    expect(second.compile_cached).toBe(false);
    expect(again).toMatchObject({ compile_cached: true, stdout: 'cached\n' });
  });

  it('reports the fatal signal of a crashed program (a failed assert is SIGABRT)', async () => {
    if (!availability.get('c++')?.available) return;
    const result = await runner.execute({
      language: 'c++',
      source_code: '#include <cassert>\nint main() { assert(1 + 1 == 3); }',
    });
    expect(result).toMatchObject({ status: 'runtime_error', exit_code: 134, signal: 'SIGABRT' });
    expect(result.stderr).toContain('Assertion');
  });

  it('runs CommonJS and ES-module JavaScript, and TypeScript that needs module semantics', async () => {
    const outputs: string[] = [];
    const cases: Array<[LanguageId, string]> = [
      ['javascript', 'const os = require("node:os");\nconsole.log("cjs", typeof os.cpus);'],
      ['javascript', 'import os from "node:os";\nconsole.log("esm", typeof os.cpus);'],
      ['javascript', 'const value = await Promise.resolve(7);\nconsole.log("tla", value);'],
      ['typescript', 'const n: number = 3;\nconsole.log("ts", n * 2);'],
      ['typescript', 'const v: number = await Promise.resolve(5);\nconsole.log("ts-tla", v);'],
      ['typescript', 'console.log("ts-meta", import.meta.url.startsWith("file:"));'],
    ];
    for (const [language, source] of cases) {
      if (!availability.get(language)?.available) return;
      const result = await runner.execute({ language, source_code: source });
      outputs.push(`${result.stdout}${result.stderr}`.trim());
    }
    expect(outputs).toEqual(['cjs function', 'esm function', 'tla 7', 'ts 6', 'ts-tla 5', 'ts-meta true']);
  });

  it('wraps hidden prepend and append code around the learner code', async () => {
    const result = await runner.execute({
      language: 'python3',
      source_code: 'print("learner")',
      hidden_prepend_code: 'print("before")',
      hidden_append_code: 'print("after")',
    });
    expect(result.stdout).toBe('before\nlearner\nafter\n');
  });

  it('ships additional files next to the entry file', async () => {
    const result = await runner.execute({
      language: 'python3',
      source_code: 'from utils.text import shout\nprint(shout(open("data.txt").read()))',
      additional_files: [
        { filename: 'utils/__init__.py', content: '' },
        { filename: 'utils/text.py', content: 'def shout(s):\n    return s.upper()' },
        { filename: 'data.txt', content: 'quiet' },
      ],
    });
    expect(result).toMatchObject({ status: 'ok', stdout: 'QUIET\n' });
  });

  it('passes the widget environment variables and nothing from the server', async () => {
    process.env.CODEROOM_TEST_SECRET = 'server-secret';
    const result = await runner.execute({
      language: 'python3',
      source_code: 'import os\nfor k in sorted(os.environ): print(k, os.environ[k])',
      env_vars: { API_KEY: 'learner-key' },
    });
    delete process.env.CODEROOM_TEST_SECRET;
    expect(result.stdout).toContain('API_KEY learner-key');
    expect(result.stdout).not.toContain('server-secret');
    const names = result.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(' ')[0]);
    expect(names.sort()).toEqual(
      [
        'API_KEY',
        'HOME',
        'LANG',
        'PATH',
        'PWD',
        'PYTHONDONTWRITEBYTECODE',
        'PYTHONIOENCODING',
        'TMPDIR',
        'TZ',
        'USER',
      ].sort(),
    );
  });
});

describe('request validation', () => {
  it.each([
    [{ language: 'cobol', source_code: 'x' }, 'language', /Unknown language "cobol"/],
    [{ language: 'python3', source_code: '   ' }, 'source_code', /empty/],
    [{ language: 'python3', source_code: 'x', entry_filename: 'main.js' }, 'entry_filename', /\.py/],
    [
      {
        language: 'python3',
        source_code: 'x',
        additional_files: [{ filename: '../escape.py', content: '' }],
      },
      'additional_files[0].filename',
      /File names/,
    ],
    [
      { language: 'python3', source_code: 'x', additional_files: [{ filename: '/etc/passwd', content: '' }] },
      'additional_files[0].filename',
      /File names/,
    ],
    [
      {
        language: 'python3',
        source_code: 'x',
        additional_files: [{ filename: 'a/../../x.py', content: '' }],
      },
      'additional_files[0].filename',
      /File names/,
    ],
    [
      { language: 'python3', source_code: 'x', additional_files: [{ filename: 'main.py', content: '' }] },
      'additional_files[0].filename',
      /sent twice/,
    ],
    [
      {
        language: 'python3',
        source_code: 'x',
        additional_files: [
          { filename: 'utils', content: '' },
          { filename: 'utils/x.py', content: '' },
        ],
      },
      'additional_files',
      /both a file and a folder/,
    ],
    [
      { language: 'python3', source_code: 'x', env_vars: { LD_PRELOAD: '/box/src/x.so' } },
      'env_vars',
      /cannot be used/,
    ],
    // The sandbox's init takes its instructions from CODEROOM_* variables.
    [
      { language: 'python3', source_code: 'x', env_vars: { CODEROOM_ARGV: ':/bin/sh' } },
      'env_vars',
      /cannot be used/,
    ],
    [{ language: 'python3', source_code: 'x', time_limit: -1 }, 'time_limit', /positive/],
  ])('rejects %j on %s', async (request, field, message) => {
    await expect(runner.execute(request)).rejects.toMatchObject({
      code: 'invalid_request',
      status: 400,
      field,
      message: expect.stringMatching(message),
    });
  });
});
