import type { JudgeResponse, ReviewComment } from '@coderoom/contracts';
import { REVIEW_MAX_COMMENTS } from '@coderoom/domain';
import type { LintResult } from '@coderoom/runner';

// A review is made of facts the sandbox established — compiler and runtime messages, the test cases that
// failed, the linters' findings — summarised into a handful of comments on the learner's lines. Nothing
// here invents advice; nothing quotes a hidden test's data or the reference solution (they are never
// read). Line numbers are the learner's: hidden code written above theirs is subtracted, and a message
// about a line of hidden code is not anchored (and not quoted).

export interface ReviewFacts {
  entry: string;
  /** Lines of hidden code the author puts before the learner's (0 without hidden code). */
  hiddenPrependLines: number;
  learnerLines: number;
  compileError: string | null;
  /** Compiler warnings of a successful build (rustc's unused variables, for instance). */
  compileWarnings: string | null;
  runtimeError: string | null;
  judge: JudgeResponse | null;
  lint: LintResult | null;
}

interface Located {
  line: number | null;
  message: string;
}

const SHOWN_CHARS = 160;

function shorten(text: string): string {
  const flat = text.replace(/\s+$/g, '');
  return flat.length > SHOWN_CHARS ? `${flat.slice(0, SHOWN_CHARS)}…` : flat;
}

export function quote(text: string): string {
  const shown = shorten(text).replace(/\n/g, '⏎');
  return `"${shown}"`;
}

/** Maps a line of the built file to the learner's line; null when it lies in hidden code. */
export function learnerLine(facts: ReviewFacts, line: number): number | null {
  const own = line - facts.hiddenPrependLines;
  return own >= 1 && own <= facts.learnerLines ? own : null;
}

/**
 * Diagnostics in the usual shapes: `file:line:col: message` (Go, g++, pyflakes, tsc, javac, ecj), rustc's
 * `error: message` followed by `--> file:line:col`, Python's `File "x.py", line N` traceback, and Go's
 * panic trace `x.go:N`, esbuild's `✘ [ERROR] message` over `file:line:col:`, and Node's `file:N` over
 * its `SyntaxError: …`.
 */
export function parseDiagnostics(output: string, entry: string): Located[] {
  const found: Located[] = [];
  const lines = output.split('\n');
  const base = entry.split('/').pop() ?? entry;
  const isEntry = (file: string) => file.split('/').pop() === base;
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index] ?? '';
    // esbuild (TypeScript): `✘ [ERROR] message`, then the location on a line of its own.
    const esbuild = /^\s*✘ \[(ERROR|WARNING)\] (.+)$/.exec(text);
    if (esbuild) {
      const at = lines
        .slice(index + 1, index + 4)
        .map((next) => /^\s*([\w./-]+):(\d+):\d+:\s*$/.exec(next))
        .find((match) => match !== null);
      found.push({
        line: at && isEntry(at[1] ?? '') ? Number(at[2]) : null,
        message: `${esbuild[1] === 'WARNING' ? 'warning: ' : ''}${esbuild[2] ?? ''}`,
      });
      continue;
    }
    if (/^\s*[\w./-]+:\d+:\d+:\s*$/.test(text)) continue;
    const plain = /^\s*(?:\.\/)?([\w./-]+\.\w+):(\d+)(?::\d+)?:\s*(.+)$/.exec(text);
    if (plain) {
      const [, file = '', line, message = ''] = plain;
      if (/^In function|^note:/.test(message)) continue;
      found.push({ line: isEntry(file) ? Number(line) : null, message: message.trim() });
      continue;
    }
    const rust = /^(error|warning)(?:\[\w+\])?:\s*(.+)$/.exec(text);
    if (rust) {
      const arrow = lines.slice(index + 1, index + 4).find((next) => /^\s*-->\s/.test(next));
      const at = arrow ? /-->\s*([\w./-]+):(\d+):\d+/.exec(arrow) : null;
      if (/^(aborting due to|could not compile|\d+ warnings? emitted)/.test(rust[2] ?? '')) continue;
      found.push({
        line: at && isEntry(at[1] ?? '') ? Number(at[2]) : null,
        message: `${rust[1] === 'warning' ? 'warning: ' : ''}${rust[2] ?? ''}`,
      });
    }
  }
  const python = [...output.matchAll(/File "([^"]+)", line (\d+)/g)].filter((match) =>
    isEntry(match[1] ?? ''),
  );
  if (found.length === 0 && python.length > 0) {
    const last = python[python.length - 1];
    const message = lines.filter((line) => /^\w*(Error|Exception)\b/.test(line)).pop() ?? lines.at(-1) ?? '';
    found.push({ line: Number(last?.[2]), message: message.trim() });
  }
  if (found.length === 0) {
    const goPanic = new RegExp(`${base.replace('.', '\\.')}:(\\d+)`).exec(output);
    // Node's SyntaxError (and other uncaught errors) name the file and line first, the error below.
    const first =
      lines.find((line) => /^\w*(Error|Exception)\b/.test(line)) ??
      lines.find((line) => line.trim().length > 0) ??
      '';
    if (first) found.push({ line: goPanic ? Number(goPanic[1]) : null, message: first.trim() });
  }
  return found;
}

function anchored(
  facts: ReviewFacts,
  located: Located[],
  severity: ReviewComment['severity'],
  source: ReviewComment['source'],
): ReviewComment[] {
  return located.map(({ line, message }) => {
    const own = line === null ? null : learnerLine(facts, line);
    if (line !== null && own === null) {
      return {
        line: null,
        severity,
        source,
        message: 'A problem in the code around yours: check the names and signatures the exercise asks for.',
      };
    }
    return { line: own, severity, source, message: shorten(message) };
  });
}

function testComments(judge: JudgeResponse): ReviewComment[] {
  return judge.cases
    .filter((testCase) => testCase.verdict !== 'passed' && testCase.verdict !== 'not_run')
    .map((testCase): ReviewComment => {
      const name = `Test ${testCase.index + 1}`;
      if (testCase.hidden) {
        // The verdict only: a hidden case's input and expected output stay hidden.
        const what = testCase.verdict === 'wrong_answer' ? 'printed a different answer' : 'did not finish';
        return {
          line: null,
          severity: 'error',
          source: 'tests',
          message: `${name} (hidden) failed: your program ${what}. Think about edge cases such as empty input or boundaries.`,
        };
      }
      if (testCase.verdict === 'wrong_answer') {
        return {
          line: null,
          severity: 'error',
          source: 'tests',
          message: `${name} failed: for input ${quote(testCase.input ?? '')} it expected ${quote(testCase.expected_output ?? '')} but your program printed ${quote(testCase.actual_output ?? '')}.`,
        };
      }
      const reason = testCase.verdict === 'time_limit' ? 'ran out of time' : 'crashed';
      return {
        line: null,
        severity: 'error',
        source: 'tests',
        message: `${name} failed: your program ${reason}${testCase.stderr ? `: ${shorten(testCase.stderr.split('\n').filter(Boolean).pop() ?? '')}` : ''}.`,
      };
    });
}

function lintComments(facts: ReviewFacts, lint: LintResult): ReviewComment[] {
  const comments: ReviewComment[] = [];
  for (const tool of lint.tools) {
    if (!tool.available || !tool.output) continue;
    if (tool.tool === 'gofmt') {
      comments.push({
        line: null,
        severity: 'info',
        source: 'formatter',
        message: 'gofmt would format this file differently: run gofmt (or let your editor format on save).',
      });
      continue;
    }
    const located = parseDiagnostics(tool.output, facts.entry).filter((item) => !/^#/.test(item.message));
    comments.push(
      ...anchored(facts, located, 'warning', 'linter').map((comment) => ({
        ...comment,
        message: `${tool.tool}: ${comment.message}`,
      })),
    );
  }
  return comments;
}

/** The review: at most a handful of comments, errors first, and a one-line summary. */
export function summariseReview(facts: ReviewFacts): {
  summary: string;
  comments: ReviewComment[];
  tests: { passed: number; total: number } | null;
} {
  const all: ReviewComment[] = [];
  if (facts.compileError) {
    all.push(...anchored(facts, parseDiagnostics(facts.compileError, facts.entry), 'error', 'compiler'));
  }
  if (facts.runtimeError) {
    all.push(
      ...anchored(facts, parseDiagnostics(facts.runtimeError, facts.entry).slice(0, 1), 'error', 'compiler'),
    );
  }
  if (facts.judge && facts.judge.status === 'completed') all.push(...testComments(facts.judge));
  if (facts.compileWarnings) {
    const warnings = parseDiagnostics(facts.compileWarnings, facts.entry).filter((item) =>
      /warning/i.test(item.message),
    );
    all.push(...anchored(facts, warnings, 'warning', 'compiler'));
  }
  if (facts.lint) all.push(...lintComments(facts, facts.lint));

  const seen = new Set<string>();
  const unique = all.filter((comment) => {
    const key = `${comment.line}:${comment.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const comments = unique.slice(0, REVIEW_MAX_COMMENTS);
  const more = unique.length - comments.length;
  const tests =
    facts.judge && facts.judge.status === 'completed'
      ? { passed: facts.judge.passed, total: facts.judge.total }
      : null;

  let summary: string;
  if (facts.compileError) summary = 'Your code does not compile yet: fix the first error, then run it again.';
  else if (tests && tests.passed < tests.total) summary = `${tests.passed} of ${tests.total} tests pass.`;
  else if (facts.runtimeError) summary = 'Your program stops with an error.';
  else if (comments.length > 0)
    summary = tests
      ? `All ${tests.total} tests pass; a few things to tidy.`
      : 'It runs; a few things to tidy.';
  else
    summary = tests
      ? `All ${tests.total} tests pass and the linters have nothing to add.`
      : 'It runs and the linters have nothing to add.';
  if (more > 0) summary += ` (${more} more ${more === 1 ? 'remark' : 'remarks'} after these are fixed.)`;
  return { summary, comments, tests };
}
