import type { ReviewDecision, ReviewQueueItem } from '@coderoom/contracts';
import { SubmissionType } from '@coderoom/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { useReviewCollection } from '../api/useReviewCollection';
import { ReviewChecklistPanel } from './ReviewChecklistPanel';
import { TextAreaField } from './TextAreaField';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One submission in the review queue, with the reviewer's three decisions. */
export function ReviewQueueItemCard({
  item,
  onDecided,
}: {
  item: ReviewQueueItem;
  onDecided: (text: string) => void;
}) {
  const review = useReviewCollection();
  const [isRejecting, setIsRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const title = item.title || 'Untitled course';

  const decide = (decision: ReviewDecision, why?: string) => {
    setError(null);
    review.mutate(
      { collectionId: item.collection_id, request: { decision, reason: why } },
      {
        onSuccess: () => {
          setIsRejecting(false);
          onDecided(
            decision === 'reject'
              ? `"${title}" was sent back to its author.`
              : `"${title}" is approved${decision === 'approve_early_access' ? ' for early access' : ''}.`,
          );
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.errorText : 'Could not record the decision.'),
      },
    );
  };

  return (
    <li className="card studio-review-item">
      <div className="studio-review-main">
        <h2 className="studio-review-title">{title}</h2>
        <p className="small muted">
          {item.work_type === 'path' ? 'Path' : 'Course'} by {item.author_name} ·{' '}
          {item.submission_type === SubmissionType.ReSubmission ? 'Re-submission' : 'New submission'}
          {item.submitted_at && ` · submitted ${dateFormat.format(new Date(item.submitted_at))}`}
        </p>
        <p className="small studio-review-links">
          <Link to={`/collection/${item.author_id}/${item.collection_id}/draft`}>Preview</Link>
          <Link to={item.url}>Open in editor</Link>
        </p>
        {error && !isRejecting && <FormMessage tone="error">{error}</FormMessage>}
      </div>
      <div className="studio-review-actions">
        <Button
          busy={review.isPending && review.variables?.request.decision === 'approve'}
          onClick={() => decide('approve')}
        >
          Approve
        </Button>
        <Button
          variant="secondary"
          busy={review.isPending && review.variables?.request.decision === 'approve_early_access'}
          onClick={() => decide('approve_early_access')}
        >
          Approve for early access
        </Button>
        <Button variant="danger" onClick={() => setIsRejecting(true)}>
          Reject
        </Button>
      </div>
      {item.work_type === 'course' && (
        <div className="studio-review-checklist">
          <ReviewChecklistPanel
            authorId={item.author_id}
            collectionId={item.collection_id}
            audience="reviewer"
          />
        </div>
      )}
      <Dialog
        open={isRejecting}
        onOpenChange={setIsRejecting}
        title={`Reject "${title}"`}
        description="The author sees your reason in the course editor."
      >
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            decide('reject', reason.trim());
          }}
        >
          <TextAreaField
            label="Reason"
            rows={4}
            required
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setIsRejecting(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={review.isPending} disabled={!reason.trim()}>
              Reject
            </Button>
          </div>
        </form>
      </Dialog>
    </li>
  );
}
