import { useNavigate } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useStartAttempt } from '../api/useStartAttempt';

interface RetakeActionProps {
  authorId: number;
  collectionId: number;
  /** When the cool-down ends (ISO); null when a new attempt can start now. */
  availableAt: string | null;
}

/** "Retake" once the cool-down is over; until then, when it will be possible, in the learner's time. */
export function RetakeAction({ authorId, collectionId, availableAt }: RetakeActionProps) {
  const start = useStartAttempt();
  const navigate = useNavigate();
  const retake = () =>
    start.mutate(
      { authorId, collectionId },
      {
        onSuccess: ({ attempt }) =>
          navigate(
            `/assessment/${attempt.author_id}/${attempt.collection_id}/${attempt.attempt_id}/${attempt.current_question_id}`,
          ),
      },
    );
  if (availableAt) {
    const when = new Date(availableAt).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return (
      <p className="muted" data-testid="retake-cooldown">
        You can retake this assessment from <time dateTime={availableAt}>{when}</time>.
      </p>
    );
  }
  return (
    <>
      <Button onClick={retake} busy={start.isPending}>
        Retake assessment
      </Button>
      {start.isError && <FormMessage tone="error">{start.error.message}</FormMessage>}
    </>
  );
}
