import type { JudgeResponse } from '@coderoom/contracts';
import { learnerLine, parseDiagnostics, quote, type ReviewFacts } from './ai.review.js';

// The platform's own hint ladder, for exercises whose author wrote no hints: three rungs built from what
// the sandbox saw, from a nudge (where to look) to a pointer (what differs) to a worked step (the first
// place it differs, or the line to change). Like a review, it never quotes a hidden test's data and never
// reads the reference solution.

export const FACT_RUNGS = 3;

/** Whether the code fails in a way the tutor can help with (a compile error, a crash or a failing test). */
export function failureOf(facts: ReviewFacts): 'compile' | 'runtime' | 'tests' | null {
  if (facts.compileError !== null) return 'compile';
  if (facts.judge && !facts.judge.all_passed) return 'tests';
  if (facts.runtimeError !== null) return 'runtime';
  return null;
}

type FailedCase = JudgeResponse['cases'][number];

function firstFailing(judge: JudgeResponse): FailedCase | null {
  const failing = judge.cases.filter((one) => one.verdict !== 'passed' && one.verdict !== 'not_run');
  // A visible case helps more than a hidden one: its data may be shown.
  return failing.find((one) => !one.hidden) ?? failing[0] ?? null;
}

/** The first output line where expected and actual differ, 1-based, with both lines. */
export function firstDifference(expected: string, actual: string) {
  const want = expected.replace(/\s+$/, '').split('\n');
  const got = actual.replace(/\s+$/, '').split('\n');
  for (let index = 0; index < Math.max(want.length, got.length); index += 1) {
    if ((want[index] ?? '').trimEnd() !== (got[index] ?? '').trimEnd()) {
      return { line: index + 1, expected: want[index], actual: got[index] };
    }
  }
  return null;
}

function compileHint(facts: ReviewFacts, level: number): string {
  const [first] = parseDiagnostics(facts.compileError ?? '', facts.entry);
  const line = first?.line == null ? null : learnerLine(facts, first.line);
  const where = line ? ` on line ${line}` : '';
  if (level === 1) {
    return `Your code does not compile yet. Read only the compiler's first message: it points${where ? ` to a place${where}` : ' to the problem'}, and later messages often follow from it.`;
  }
  if (level === 2) {
    return first
      ? `The compiler's first message${where}: ${quote(first.message)}.`
      : 'The compiler stops before running anything: check brackets, quotes and the spelling of names.';
  }
  return `Change only ${line ? `line ${line}` : 'the line the first message names'}, run again, and move to the next message if one is left: fixing one mistake often removes several messages.`;
}

function runtimeHint(facts: ReviewFacts, level: number, stderr: string): string {
  const [first] = parseDiagnostics(stderr, facts.entry);
  const line = first?.line == null ? null : learnerLine(facts, first.line);
  const last = stderr.split('\n').filter(Boolean).pop() ?? '';
  if (level === 1)
    return 'Your program stops with an error before it finishes. Find out which line it stops on.';
  if (level === 2) {
    return `It stops${line ? ` on line ${line}` : ''} with: ${quote(last || 'a crash')}.`;
  }
  return `Before line ${line ?? 'where it stops'} runs, print the values it uses (or check them with an if): one of them is not what that line expects — an index past the end, a missing value, or a division by zero.`;
}

function visibleCaseHint(failing: FailedCase, level: number): string {
  const name = `test ${failing.index + 1}`;
  if (failing.verdict === 'time_limit') {
    if (level === 1) return `Your program runs out of time on ${name}. Look for a loop that never ends.`;
    if (level === 2)
      return `On ${name} (input ${quote(failing.input ?? '')}) it is still running at the time limit: check each loop's condition changes on every turn, and that you read only the input there is.`;
    return 'Follow one loop by hand with the test input: write the loop variable on paper after each turn until you see it stop changing.';
  }
  if (failing.verdict === 'runtime_error') {
    if (level === 1)
      return `Your program crashes on ${name}. Run it with that test's input and read the error.`;
    if (level === 2)
      return `With the input ${quote(failing.input ?? '')} it stops with: ${quote(failing.stderr?.split('\n').filter(Boolean).pop() ?? 'a crash')}.`;
    return 'The crash comes from a value your code does not expect for this input: check it before you use it.';
  }
  if (level === 1) {
    return `Your program's answer to ${name} is not the expected one. Run it with that test's input and compare your output with the expected output, line by line.`;
  }
  if (level === 2) {
    return `For the input ${quote(failing.input ?? '')}, the expected output is ${quote(failing.expected_output ?? '')} and your program printed ${quote(failing.actual_output ?? '')}.`;
  }
  const difference = firstDifference(failing.expected_output ?? '', failing.actual_output ?? '');
  if (!difference)
    return 'The outputs differ only in spaces or line ends: print exactly what the exercise asks.';
  if (difference.actual === undefined)
    return `Your output stops too early: line ${difference.line} should be ${quote(difference.expected ?? '')}. Check that your loop covers every value, the last one included.`;
  if (difference.expected === undefined)
    return `Your output goes on too long: nothing is expected after line ${difference.line - 1}, yet you print ${quote(difference.actual)}.`;
  return `The first difference is on line ${difference.line} of the output: expected ${quote(difference.expected)}, your program printed ${quote(difference.actual)}. Work out by hand how that line should be computed.`;
}

function hiddenCaseHint(failing: FailedCase, level: number): string {
  const what = failing.verdict === 'wrong_answer' ? 'gives a different answer' : 'does not finish';
  if (level === 1)
    return `Your code passes the visible tests, but on a hidden test it ${what}. Hidden tests try other inputs than the example.`;
  if (level === 2)
    return 'Try the inputs at the edges yourself: the smallest and the largest the exercise allows, an empty input, repeated values.';
  return 'Pick a small input of your own, work out the right answer by hand, and follow your code line by line on it: where do the two part ways?';
}

/** Rung `level` (1..FACT_RUNGS) of the platform's ladder for code that fails as `facts` say. */
export function factHint(facts: ReviewFacts, level: number): string {
  if (facts.compileError !== null) return compileHint(facts, level);
  const failing = facts.judge ? firstFailing(facts.judge) : null;
  if (failing) return failing.hidden ? hiddenCaseHint(failing, level) : visibleCaseHint(failing, level);
  return runtimeHint(facts, level, facts.runtimeError ?? '');
}

/**
 * What a model drafting a hint is told about the failure: the learner's code and the visible failing
 * test only (a hidden test is named, never shown). The reference solution is never read.
 */
export function factsForModel(facts: ReviewFacts, sourceCode: string): string {
  const parts = [`Learner's code (${facts.entry}):\n${sourceCode}`];
  if (facts.compileError !== null) parts.push(`Compiler output:\n${facts.compileError.slice(0, 2000)}`);
  const failing = facts.judge ? firstFailing(facts.judge) : null;
  if (failing && !failing.hidden) {
    parts.push(
      `Failing test ${failing.index + 1} (${failing.verdict}):\nInput:\n${failing.input ?? ''}\nExpected output:\n${failing.expected_output ?? ''}\nActual output:\n${failing.actual_output ?? ''}${failing.stderr ? `\nErrors:\n${failing.stderr.slice(0, 1000)}` : ''}`,
    );
  } else if (failing) {
    parts.push(`A hidden test fails (${failing.verdict}); its data is secret and must not be guessed at.`);
  }
  if (facts.runtimeError) parts.push(`Runtime error:\n${facts.runtimeError.slice(0, 1000)}`);
  return parts.join('\n\n');
}
