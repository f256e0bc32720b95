import type { TutorHintResponse, WidgetRef } from '@coderoom/contracts';
import { TutorHintSource, TutorHintStatus } from '@coderoom/domain';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useTutorHint } from '../api/useTutorHint';

const SOURCE_LABEL: Record<NonNullable<TutorHintResponse['source']>, string> = {
  [TutorHintSource.Author]: "from the course's author",
  [TutorHintSource.Facts]: 'from what the sandbox saw',
  [TutorHintSource.Model]: 'drafted by AI from your code and the failing test',
};

/** The hints a learner has been given on one exercise, nudge first. */
export function TutorHintList({ hints }: { hints: TutorHintResponse[] }) {
  const given = hints.filter((hint) => hint.status === TutorHintStatus.Hint);
  if (given.length === 0) return null;
  return (
    <ol className="tutor-hints" aria-label="Hints">
      {given.map((hint) => (
        <li key={hint.level} className="tutor-hint">
          <span className="small muted">
            Hint {hint.level} of {hint.of} · {hint.source ? SOURCE_LABEL[hint.source] : ''}
          </span>
          <p>{hint.text}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * "Get a hint" after a failed run or check: the server judges the current code first, so a hint is only
 * ever for code that fails, and climbs the exercise's ladder one rung per click.
 */
export function TutorHintButton({
  widget,
  sourceCode,
  hints,
  onHint,
}: {
  widget: WidgetRef;
  sourceCode: string;
  hints: TutorHintResponse[];
  onHint: (hint: TutorHintResponse) => void;
}) {
  const ask = useTutorHint();
  const last = hints.at(-1);
  const finished = last?.status === TutorHintStatus.Exhausted;
  return (
    <div className="tutor-ask">
      {!finished && (
        <Button
          variant="secondary"
          busy={ask.isPending}
          onClick={() =>
            ask.mutate({ widget, source_code: sourceCode }, { onSuccess: (hint) => onHint(hint) })
          }
        >
          {hints.some((hint) => hint.status === TutorHintStatus.Hint) ? 'Next hint' : 'Get a hint'}
        </Button>
      )}
      {ask.isPending && <p className="small muted">Checking your code before the hint…</p>}
      {ask.isError && <FormMessage tone="error">{ask.error.message}</FormMessage>}
      {last && last.status !== TutorHintStatus.Hint && (
        <FormMessage tone={last.status === TutorHintStatus.Passing ? 'success' : 'info'}>
          {last.text}
        </FormMessage>
      )}
    </div>
  );
}
