import { Button } from '../../../ui/Button';
import { useReviewChecklist } from '../api/useReviewChecklist';

interface ReviewChecklistPanelProps {
  authorId: number;
  collectionId: number;
  /** The author's view ("Before you submit") or the reviewer's ("Quality checklist"). */
  audience: 'author' | 'reviewer';
}

/**
 * The review quality gate, check by check: ✓ or ✗ with what to fix. Authors see it before submitting (the
 * server refuses a submission while a check fails); reviewers see it beside each submission.
 */
export function ReviewChecklistPanel({ authorId, collectionId, audience }: ReviewChecklistPanelProps) {
  const checklist = useReviewChecklist(authorId, collectionId);
  const headingId = `review-checklist-${collectionId}-${audience}`;
  const heading = audience === 'author' ? 'Before you submit for review' : 'Quality checklist';
  const failing = checklist.data?.items.filter((item) => !item.passed).length ?? 0;

  return (
    <section className="review-checklist" aria-labelledby={headingId} data-testid="review-checklist">
      <div className="review-checklist-head">
        <h2 id={headingId} className={audience === 'reviewer' ? 'review-checklist-small' : undefined}>
          {heading}
        </h2>
        <Button
          variant="ghost"
          busy={checklist.isFetching}
          onClick={() => void checklist.refetch()}
          aria-describedby={headingId}
        >
          Check again
        </Button>
      </div>
      <div aria-live="polite">
        {checklist.isPending ? (
          <p className="small muted">Checking the course, solutions included…</p>
        ) : checklist.isError ? (
          <p className="form-message form-message-error">{checklist.error.message}</p>
        ) : (
          <>
            <p className="small" data-testid="review-checklist-summary">
              {checklist.data.ready
                ? 'All checks pass: ready for review.'
                : `${failing} ${failing === 1 ? 'check fails' : 'checks fail'}: ${
                    audience === 'author' ? 'fix them to submit.' : 'the submission is not complete.'
                  }`}
            </p>
            <ul className="review-checklist-items">
              {checklist.data.items.map((item) => (
                <li key={item.key} className={item.passed ? 'is-passed' : 'is-failed'}>
                  <span className="review-checklist-mark" aria-hidden="true">
                    {item.passed ? '✓' : '✗'}
                  </span>
                  <span>
                    <span className="visually-hidden">{item.passed ? 'Passed: ' : 'Fails: '}</span>
                    {item.label}
                    {item.problems.length > 0 && (
                      <ul className="review-checklist-problems small">
                        {item.problems.map((problem) => (
                          <li key={problem}>{problem}</li>
                        ))}
                      </ul>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
