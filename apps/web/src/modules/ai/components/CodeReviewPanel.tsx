import type { CodeReviewRequest, CodeReviewResponse } from '@coderoom/contracts';
import { CODE_FEEDBACK_MAX_LENGTH, ReviewRating } from '@coderoom/domain';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useCodeReview } from '../api/useCodeReview';
import { useRateReview } from '../api/useRateReview';

const SOURCE_LABEL: Record<CodeReviewResponse['comments'][number]['source'], string> = {
  compiler: 'Compiler',
  tests: 'Tests',
  linter: 'Linter',
  formatter: 'Formatter',
};

function ReviewRatingForm({ reviewId }: { reviewId: number }) {
  const rate = useRateReview(reviewId);
  const [rating, setRating] = useState<number | null>(null);
  const [feedback, setFeedback] = useState('');
  const feedbackId = useId();
  if (rate.isSuccess)
    return <FormMessage tone="success">Thanks — your feedback goes to the course authors.</FormMessage>;
  const tooLong = feedback.length > CODE_FEEDBACK_MAX_LENGTH;
  return (
    <form
      className="review-rating"
      onSubmit={(event) => {
        event.preventDefault();
        if (rating === null || tooLong) return;
        rate.mutate({ rating: rating as -1 | 1, feedback });
      }}
    >
      <fieldset>
        <legend className="small">Was this review helpful?</legend>
        <label>
          <input
            type="radio"
            name={`${feedbackId}-rating`}
            onChange={() => setRating(ReviewRating.Helpful)}
          />{' '}
          Yes
        </label>
        <label>
          <input
            type="radio"
            name={`${feedbackId}-rating`}
            onChange={() => setRating(ReviewRating.Unhelpful)}
          />{' '}
          No
        </label>
      </fieldset>
      <label htmlFor={feedbackId} className="small">
        Feedback (optional)
      </label>
      <textarea
        id={feedbackId}
        rows={2}
        value={feedback}
        aria-invalid={tooLong}
        onChange={(event) => setFeedback(event.target.value)}
      />
      <p className={`small ${tooLong ? 'error-text' : 'muted'}`}>
        {feedback.length}/{CODE_FEEDBACK_MAX_LENGTH}
      </p>
      {rate.isError && <FormMessage tone="error">{rate.error.message}</FormMessage>}
      <Button type="submit" variant="secondary" disabled={rating === null || tooLong} busy={rate.isPending}>
        Send feedback
      </Button>
    </form>
  );
}

/** "Review my code": the sandbox's findings as a few comments on the learner's lines, then a rating. */
export function CodeReviewPanel({ request }: { request: CodeReviewRequest }) {
  const review = useCodeReview();
  return (
    <div className="code-review">
      <Button variant="secondary" onClick={() => review.mutate(request)} busy={review.isPending}>
        Review my code
      </Button>
      <div aria-live="polite">
        {review.isPending && (
          <p className="running small">
            <span className="spinner" aria-hidden="true" /> Compiling, testing and linting…
          </p>
        )}
        {review.isError && <FormMessage tone="error">{review.error.message}</FormMessage>}
        {review.data && !review.isPending && (
          <section className="code-review-result" aria-label="Code review">
            <p className="code-review-summary">{review.data.summary}</p>
            {review.data.comments.length > 0 && (
              <ol className="code-review-comments">
                {review.data.comments.map((comment) => (
                  <li
                    key={`${comment.line}:${comment.message}`}
                    className={`review-comment review-${comment.severity}`}
                  >
                    <span className="review-where small">
                      {comment.line ? `Line ${comment.line}` : 'Whole program'} ·{' '}
                      {SOURCE_LABEL[comment.source]}
                    </span>
                    <span className="review-message">{comment.message}</span>
                  </li>
                ))}
              </ol>
            )}
            <ReviewRatingForm key={review.data.review_id} reviewId={review.data.review_id} />
          </section>
        )}
      </div>
    </div>
  );
}
