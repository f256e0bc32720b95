import type { CodeReviewResponse, CodeWidgetContent, Widget } from '@coderoom/contracts';
import { createRunner, type Runner } from '@coderoom/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { ReviewRateRules } from './review.service.js';

// Reviews go through the real sandbox (scripts/install-runner-deps.sh): real compilers, real linters.
let t: TestApp;
let runner: Runner;
let app: TestApp['app'];
let learner: TestClient;
let course: Awaited<ReturnType<typeof buildCourse>>;

const HIDDEN_INPUT = 'zz-hidden-input-42';
const HIDDEN_OUTPUT = 'zz-hidden-output-99';
const SOLUTION_MARK = 'REFERENCE_SOLUTION_MARK';

type Language = CodeWidgetContent['language'];

/**
 * Three real defects per language the runner supports: an unused variable (a warning on its line from the
 * compiler or the language's linter — Go's compiler refuses it outright), an off-by-one in "sum 1..n" that
 * the exercise's visible test catches, and a compile error (for the interpreted languages, the syntax
 * error that stops the program) anchored on the learner's line.
 */
interface LanguageCase {
  language: Language;
  unused: { code: string; line: number; severity: 'warning' | 'error'; source: string; message: RegExp };
  offByOne: string;
  compileError: { code: string; line: number; message: RegExp };
}

const LANGUAGES: LanguageCase[] = [
  {
    language: 'python3',
    unused: {
      code: 'def main():\n    unused = 3\n    print("hi")\n\n\nmain()\n',
      line: 2,
      severity: 'warning',
      source: 'linter',
      message: /^pyflakes: local variable 'unused' is assigned to but never used/,
    },
    offByOne: 'n = int(input())\nprint(sum(range(1, n)))\n',
    compileError: { code: 'n = 4\nprint("sum", n\n', line: 2, message: /SyntaxError/ },
  },
  {
    language: 'javascript',
    unused: {
      code: "function main() {\n  const unused = 3;\n  console.log('hi');\n}\nmain();\n",
      line: 2,
      severity: 'warning',
      source: 'linter',
      message: /^tsc: 'unused' is declared but its value is never read\. \(TS6133\)/,
    },
    offByOne:
      "const n = Number(require('fs').readFileSync(0, 'utf8').trim());\nlet sum = 0;\nfor (let i = 1; i < n; i++) sum += i;\nconsole.log(sum);\n",
    compileError: {
      code: "console.log('hi');\nconst total = ;\n",
      line: 2,
      message: /^SyntaxError: Unexpected token/,
    },
  },
  {
    language: 'typescript',
    unused: {
      code: "function main(): void {\n  const unused: number = 3;\n  console.log('hi');\n}\nmain();\n",
      line: 2,
      severity: 'warning',
      source: 'linter',
      message: /^tsc: 'unused' is declared but its value is never read\. \(TS6133\)/,
    },
    offByOne:
      "import { readFileSync } from 'node:fs';\n\nconst n = Number(readFileSync(0, 'utf8').trim());\nlet sum = 0;\nfor (let i = 1; i < n; i++) sum += i;\nconsole.log(sum);\n",
    compileError: {
      code: "console.log('hi');\nconst total: number = ;\n",
      line: 2,
      message: /Unexpected ";"/,
    },
  },
  {
    language: 'c++',
    unused: {
      code: '#include <iostream>\n\nint main() {\n    int unused = 3;\n    std::cout << "hi\\n";\n}\n',
      line: 4,
      severity: 'warning',
      source: 'linter',
      message: /^g\+\+ -Wall -Wextra: .*unused variable/,
    },
    offByOne:
      '#include <iostream>\n\nint main() {\n    int n;\n    std::cin >> n;\n    int sum = 0;\n    for (int i = 1; i < n; i++) sum += i;\n    std::cout << sum << "\\n";\n}\n',
    compileError: {
      code: '#include <iostream>\n\nint main() {\n    int n = "four";\n    std::cout << n << "\\n";\n}\n',
      line: 4,
      message: /invalid conversion/,
    },
  },
  {
    language: 'go',
    unused: {
      code: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tcount := 3\n\tfmt.Println("hi")\n}\n',
      line: 6,
      // Go's compiler refuses an unused variable: it is an error there, not a warning.
      severity: 'error',
      source: 'compiler',
      message: /count.*(declared and not used|declared but not used)/,
    },
    offByOne:
      'package main\n\nimport "fmt"\n\nfunc main() {\n\tvar n int\n\tfmt.Scan(&n)\n\tsum := 0\n\tfor i := 1; i < n; i++ {\n\t\tsum += i\n\t}\n\tfmt.Println(sum)\n}\n',
    compileError: {
      code: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tvar n int = "four"\n\tfmt.Println(n)\n}\n',
      line: 6,
      message: /cannot use "four"/,
    },
  },
  {
    language: 'rust',
    unused: {
      code: 'fn main() {\n    let unused = 3;\n    println!("hi");\n}\n',
      line: 2,
      severity: 'warning',
      source: 'compiler',
      message: /^warning: unused variable: `unused`/,
    },
    offByOne:
      'use std::io::Read;\n\nfn main() {\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n    let n: i64 = input.trim().parse().unwrap_or(0);\n    let mut sum = 0;\n    for i in 1..n {\n        sum += i;\n    }\n    println!("{}", sum);\n}\n',
    compileError: {
      code: 'fn main() {\n    let n: i32 = "four";\n    println!("{}", n);\n}\n',
      line: 2,
      message: /mismatched types/,
    },
  },
  {
    language: 'java',
    unused: {
      code: 'public class Main {\n    public static void main(String[] args) {\n        int unused = 3;\n        System.out.println("hi");\n    }\n}\n',
      line: 3,
      severity: 'warning',
      source: 'linter',
      message: /^ecj: .*The value of the local variable unused is not used/,
    },
    offByOne:
      'import java.util.Scanner;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        int n = in.hasNextInt() ? in.nextInt() : 0;\n        int sum = 0;\n        for (int i = 1; i < n; i++) sum += i;\n        System.out.println(sum);\n    }\n}\n',
    compileError: {
      code: 'public class Main {\n    public static void main(String[] args) {\n        int n = "four";\n        System.out.println(n);\n    }\n}\n',
      line: 3,
      message: /incompatible types/,
    },
  },
];

/** An exercise: print the sum of 1..n for the n on stdin; one visible case and one hidden one. */
function sumExercise(language: CodeWidgetContent['language'], code: string): Widget {
  return {
    type: 'Code',
    comp_id: `sum-${language}`,
    content: {
      language,
      code,
      runnable: true,
      judge: true,
      enableStdin: true,
      allowDownload: false,
      treatOutputAsHTML: false,
      enableHiddenCode: false,
      showSolution: false,
      solution: `# ${SOLUTION_MARK}`,
      timeLimit: 30,
      testCases: [
        { input: '4\n', output: '10\n', hidden: false, comparison: 'trimmed' },
        { input: `${HIDDEN_INPUT}\n`, output: `${HIDDEN_OUTPUT}\n`, hidden: true, comparison: 'trimmed' },
      ],
    },
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  runner = createRunner({ slots: 1, queueSize: 8, uidBase: 64800 });
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: t.database,
    mailer: t.mailer,
    runner,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
  ({ client: learner } = await signUp(app));
  course = await buildCourse(t.database, {
    lessons: 1,
    components: () => LANGUAGES.map((item) => sumExercise(item.language, '')),
  });
});
afterAll(async () => {
  await app.close();
  await runner.close();
  await t.close();
});

function widgetRef(compId: string) {
  return {
    author_id: course.author.id,
    collection_id: course.collection.id,
    page_id: course.pageIds[0] as number,
    comp_id: compId,
  };
}

/**
 * Each review starts a fresh rate-limit window: the suite makes more reviews than one learner may in a
 * minute ({@link ReviewRateRules}), and the limit itself is checked by its own test below.
 */
async function review(body: object): Promise<CodeReviewResponse> {
  t.clock.startFreshWindow(ReviewRateRules.perUser.windowSeconds);
  const response = await learner.post('/api/code/review/feedback', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CodeReviewResponse;
}

describe('POST /api/code/review/feedback', () => {
  it('asks logged-out visitors to log in', async () => {
    const response = await new TestClient(app).post('/api/code/review/feedback', {
      language: 'go',
      source_code: 'package main\nfunc main() {}\n',
    });
    expect(response.statusCode).toBe(401);
  });

  describe.each(LANGUAGES)('$language', (item) => {
    it('an unused variable is a comment on its line', async () => {
      const body = await review({ language: item.language, source_code: item.unused.code });
      expect(body.comments).toContainEqual({
        line: item.unused.line,
        severity: item.unused.severity,
        source: item.unused.source,
        message: expect.stringMatching(item.unused.message),
      });
    });

    it('an off-by-one caught by the visible test is reported with that case, never the hidden one', async () => {
      const body = await review({
        language: item.language,
        widget: widgetRef(`sum-${item.language}`),
        source_code: item.offByOne,
      });
      expect(body.tests).toEqual({ passed: 0, total: 2 });
      expect(body.summary).toBe('0 of 2 tests pass.');
      expect(body.comments[0]).toMatchObject({ line: null, severity: 'error', source: 'tests' });
      expect(body.comments[0]?.message).toBe(
        'Test 1 failed: for input "4" it expected "10" but your program printed "6".',
      );
      expect(body.comments[1]).toMatchObject({ line: null, severity: 'error', source: 'tests' });
      expect(body.comments[1]?.message).toMatch(/^Test 2 \(hidden\) failed: your program /);
      const text = JSON.stringify(body);
      expect(text).not.toContain(HIDDEN_INPUT);
      expect(text).not.toContain(HIDDEN_OUTPUT);
      expect(text).not.toContain(SOLUTION_MARK);
    });

    it("a compile error is an error on the learner's line", async () => {
      const body = await review({ language: item.language, source_code: item.compileError.code });
      expect(body.comments[0]).toMatchObject({
        line: item.compileError.line,
        severity: 'error',
        source: 'compiler',
      });
      expect(body.comments[0]?.message).toMatch(item.compileError.message);
    });
  });

  it('Go: go vet and gofmt findings on code that compiles', async () => {
    const body = await review({
      language: 'go',
      source_code: 'package main\n\nimport "fmt"\n\nfunc main() {\n  fmt.Printf("%d\\n", "seven")\n}\n',
    });
    expect(body.comments).toContainEqual(
      expect.objectContaining({ line: 6, source: 'linter', message: expect.stringMatching(/^go vet: .*%d/) }),
    );
    expect(body.comments).toContainEqual(expect.objectContaining({ line: null, source: 'formatter' }));
  });

  it('Rust: clippy runs in the sandbox and anchors its lint', async () => {
    const body = await review({
      language: 'rust',
      source_code:
        'fn main() {\n    let v = vec![1, 2, 3];\n    for i in 0..v.len() {\n        println!("{}", v[i]);\n    }\n}\n',
    });
    expect(body.comments).toContainEqual({
      line: 3,
      severity: 'warning',
      source: 'linter',
      message: expect.stringMatching(/^clippy: warning: the loop variable `i` is only used to index `v`/),
    });
  });

  it('Java: javac -Xlint:all warnings are anchored on their lines', async () => {
    const body = await review({
      language: 'java',
      source_code:
        'import java.util.ArrayList;\nimport java.util.List;\n\npublic class Main {\n    public static void main(String[] args) {\n        List names = new ArrayList();\n        names.add("hi");\n        System.out.println(names);\n    }\n}\n',
    });
    expect(body.summary).toBe('It runs; a few things to tidy.');
    expect(body.comments).toContainEqual({
      line: 6,
      severity: 'warning',
      source: 'linter',
      message: expect.stringMatching(/^javac -Xlint:all: warning: \[rawtypes\] found raw type: List/),
    });
    expect(body.comments).toContainEqual({
      line: 7,
      severity: 'warning',
      source: 'linter',
      message: expect.stringMatching(/^javac -Xlint:all: warning: \[unchecked\] unchecked call to add/),
    });
  });

  it('TypeScript: a type error (esbuild only strips types) is a tsc comment on its line', async () => {
    const body = await review({
      language: 'typescript',
      source_code: "const count: number = 'three';\nconsole.log(count);\n",
    });
    expect(body.comments).toContainEqual({
      line: 1,
      severity: 'warning',
      source: 'linter',
      message: "tsc: Type 'string' is not assignable to type 'number'. (TS2322)",
    });
  });

  it('Python: pyflakes finds an unused import; a crash is anchored on its line', async () => {
    const body = await review({
      language: 'python3',
      source_code: 'import os\n\nvalues = [1, 2, 3]\nprint(values[3])\n',
    });
    expect(body.comments[0]).toMatchObject({ line: 4, severity: 'error' });
    expect(body.comments[0]?.message).toMatch(/IndexError/);
    expect(body.comments).toContainEqual(
      expect.objectContaining({
        line: 1,
        source: 'linter',
        message: expect.stringMatching(/pyflakes: .*'os' imported but unused/),
      }),
    );
  });

  it('Python: a failing hidden case is reported by its verdict only', async () => {
    const body = await review({
      language: 'python3',
      widget: widgetRef('sum-python3'),
      source_code: 'n = int(input())\nprint(n * (n + 1) // 2)\n',
    });
    // The hidden case's input is not a number: the program crashes on it, and the review says only that.
    expect(body.tests).toEqual({ passed: 1, total: 2 });
    expect(JSON.stringify(body)).not.toContain(HIDDEN_INPUT);
  });

  it('stores the rating and feedback of the reviewed learner, at most 1024 characters', async () => {
    const body = await review({ language: 'python3', source_code: 'print("hi")\n' });
    const tooLong = await learner.post(`/api/code/review/${body.review_id}/rating`, {
      rating: 1,
      feedback: 'x'.repeat(1025),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      errorText: 'Feedback field must be between 1 and 1024 characters long',
    });
    const rated = await learner.post(`/api/code/review/${body.review_id}/rating`, {
      rating: -1,
      feedback: 'x'.repeat(1024),
    });
    expect(rated.statusCode).toBe(200);
    const stored = await t.database.db.execute(
      `SELECT rating, length(feedback) AS length FROM ai_code_reviews WHERE id = ${body.review_id}`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows[0]).toMatchObject({ rating: -1, length: 1024 });

    const { client: other } = await signUp(app);
    const foreign = await other.post(`/api/code/review/${body.review_id}/rating`, { rating: 1 });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a learner past the reviews allowed in a minute, and only that learner', async () => {
    const { client: busy } = await signUp(app);
    const body = { language: 'python3', source_code: 'print(1)\n' };
    t.clock.startFreshWindow(ReviewRateRules.perUser.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i <= ReviewRateRules.perUser.limit; i++) {
      statuses.push((await busy.post('/api/code/review/feedback', body)).statusCode);
    }
    expect(statuses.slice(0, ReviewRateRules.perUser.limit).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await learner.post('/api/code/review/feedback', body);
    expect(other.statusCode).toBe(200);
  });
});
