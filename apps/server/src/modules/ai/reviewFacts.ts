import type { CodeReviewRequest, CodeWidgetContent, JudgeResponse } from '@coderoom/contracts';
import type { LintResult, Runner } from '@coderoom/runner';
import type { ReviewFacts } from './ai.review.js';

// The facts a review (and the tutor) is made of: the program judged against the exercise's tests or run
// once, and the linters on the learner's own file. All of it runs in the sandbox.

const DEFAULT_ENTRY: Record<CodeReviewRequest['language'], string> = {
  python3: 'main.py',
  javascript: 'main.js',
  typescript: 'main.ts',
  'c++': 'main.cpp',
  go: 'main.go',
  rust: 'main.rs',
  java: 'Main.java',
};

function lineCount(text: string): number {
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
}

/** Runs the program the way the exercise does, and the linters on the learner's own code. */
export async function gatherReviewFacts(
  runner: Runner,
  request: Pick<CodeReviewRequest, 'language' | 'source_code'>,
  widget: CodeWidgetContent | null,
  options: { lint: boolean } = { lint: true },
): Promise<ReviewFacts> {
  const language = widget?.language ?? request.language;
  const entry = widget?.entryFileName ?? DEFAULT_ENTRY[language];
  const hiddenPrepend = widget?.enableHiddenCode ? (widget.hiddenPrependCode ?? '') : '';
  const program = {
    language,
    source_code: request.source_code,
    entry_filename: entry,
    ...(widget?.additionalFiles?.length ? { additional_files: widget.additionalFiles } : {}),
    ...(hiddenPrepend ? { hidden_prepend_code: hiddenPrepend } : {}),
    ...(widget?.enableHiddenCode && widget.hiddenAppendCode
      ? { hidden_append_code: widget.hiddenAppendCode }
      : {}),
    ...(widget ? { time_limit: widget.timeLimit } : {}),
  };
  let judge: JudgeResponse | null = null;
  let compileError: string | null = null;
  let compileWarnings: string | null = null;
  let runtimeError: string | null = null;
  if (widget?.judge && widget.testCases.length > 0) {
    judge = await runner.judge({
      ...program,
      test_cases: widget.testCases.map((testCase) => ({
        input: testCase.input,
        expected_output: testCase.output,
        hidden: testCase.hidden,
        ...(testCase.comparison ? { comparison: testCase.comparison } : {}),
      })),
    });
    if (judge.status === 'compile_error') compileError = judge.compile_output ?? '';
    else compileWarnings = judge.compile_output;
  } else {
    const run = await runner.execute({ ...program, stdin: '' });
    if (run.status === 'compile_error') compileError = run.compile_output ?? '';
    else {
      compileWarnings = run.compile_output;
      if (run.status === 'runtime_error') runtimeError = run.stderr || `Exit code ${run.exit_code}`;
    }
  }
  // Linters see the learner's file alone, so their lines are the learner's lines.
  const lint: LintResult | null =
    compileError || !options.lint
      ? null
      : await runner.lint({ language, source_code: request.source_code, entry_filename: entry });
  return {
    entry,
    hiddenPrependLines: hiddenPrepend ? lineCount(hiddenPrepend) : 0,
    learnerLines: lineCount(request.source_code),
    compileError,
    compileWarnings,
    runtimeError,
    judge,
    lint,
  };
}
