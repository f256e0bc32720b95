import type { TaskOutcome } from '@coderoom/contracts';
import { JudgeResults } from '../../code/components/JudgeResults';

const VERDICT_TEXT: Record<NonNullable<TaskOutcome['evaluation']>['verdict'], string> = {
  passed: 'Your output matches the expected output. Task completed!',
  wrong_answer: 'Your program ran, but its output does not match the expected output.',
  runtime_error: 'Your program stopped with an error on the evaluation input.',
  time_limit: 'Your program took too long on the evaluation input.',
  compile_error: 'Your program does not compile.',
};

/** What a check or an evaluation found: test verdicts, or whether the evaluation output matched. */
export function TaskOutcomeView({ outcome }: { outcome: TaskOutcome }) {
  if (outcome.judge) return <JudgeResults result={outcome.judge} />;
  const evaluation = outcome.evaluation;
  if (!evaluation) return null;
  const passed = evaluation.verdict === 'passed';
  return (
    <div className="project-evaluation">
      <span className={`badge ${passed ? 'is-passed' : 'is-failed'}`}>
        {passed ? 'Evaluation passed' : 'Evaluation failed'}
      </span>{' '}
      <span>{VERDICT_TEXT[evaluation.verdict]}</span>
      {evaluation.compile_output ? (
        <pre className="output output-error">{evaluation.compile_output}</pre>
      ) : null}
    </div>
  );
}
