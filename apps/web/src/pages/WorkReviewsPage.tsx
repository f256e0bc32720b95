import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { useWorkAction } from '../modules/work/api/useWorkAction';
import { useWorkReviews } from '../modules/work/api/useWorkReviews';
import { UndoTrash } from '../modules/work/components/UndoTrash';
import { WorkLayout } from '../modules/work/components/WorkLayout';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

const DECISION_LABEL = {
  pending: 'Waiting',
  signed_off: 'Signed off',
  changes_requested: 'Changes requested',
} as const;

export function WorkReviewsPage() {
  usePageTitle('Reviews');
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'follow_ups' ? 'follow_ups' : 'all';
  const reviews = useWorkReviews(tab);
  const { data: user } = useUserInfo();
  const action = useWorkAction();
  const trash = useWorkAction();
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [trashed, setTrashed] = useState<{ id: number; title: string } | null>(null);
  return (
    <WorkLayout>
      <header className="work-header">
        <h1>Reviews</h1>
      </header>
      <nav className="work-tabs" aria-label="Review tabs">
        <Link to="/work/reviews" aria-current={tab === 'all' ? 'page' : undefined}>
          My reviews
        </Link>
        <Link to="/work/reviews?tab=follow_ups" aria-current={tab === 'follow_ups' ? 'page' : undefined}>
          Follow-ups
        </Link>
      </nav>
      <p className="muted">Ask for a review from a document’s page.</p>
      {reviews.isPending && <PageLoading label="Loading reviews" />}
      {reviews.error && <FormMessage tone="error">{reviews.error.message}</FormMessage>}
      {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
      {trash.error && <FormMessage tone="error">{trash.error.message}</FormMessage>}
      {reviews.data?.length === 0 && (
        <div className="empty-state">
          <p className="muted">
            {tab === 'follow_ups' ? 'Nobody owes you a review.' : 'No reviews for you.'}
          </p>
        </div>
      )}
      <ul className="work-list" aria-label="Reviews">
        {reviews.data?.map(({ review, document, reviewers }) => {
          const mine = reviewers.find((reviewer) => reviewer.user_id === user?.user_id);
          const canDelete = review.access === 'owner' || review.access === 'edit';
          return (
            <li key={review.id} className="work-section">
              <div className="work-review-head">
                <h2>{review.title}</h2>
                {canDelete && (
                  <Button
                    variant="ghost"
                    onClick={() =>
                      trash.mutate(
                        { method: 'PUT', path: `/api/workflows/items/${review.id}/delete` },
                        { onSuccess: () => setTrashed(review) },
                      )
                    }
                  >
                    Delete <span className="visually-hidden">{review.title}</span>
                  </Button>
                )}
              </div>
              {document && (
                <p>
                  Document: <Link to={`/work/doc/${document.id}`}>{document.title}</Link> · asked by{' '}
                  {review.owner.full_name}
                </p>
              )}
              {review.description && <p>{review.description}</p>}
              <ul>
                {reviewers.map((reviewer) => (
                  <li key={reviewer.user_id}>
                    {reviewer.full_name}: <strong>{DECISION_LABEL[reviewer.decision]}</strong>
                    {reviewer.note && ` — ${reviewer.note}`}
                  </li>
                ))}
              </ul>
              {mine && (
                <div className="work-inline">
                  <label htmlFor={`review-note-${review.id}`}>Note for {review.owner.full_name}</label>
                  <input
                    id={`review-note-${review.id}`}
                    value={notes[review.id] ?? ''}
                    onChange={(e) => setNotes({ ...notes, [review.id]: e.target.value })}
                  />
                  <Button
                    onClick={() =>
                      action.mutate({
                        method: 'PUT',
                        path: `/api/workflows/reviews/${review.id}/signoff`,
                        body: { decision: 'signed_off', note: notes[review.id] ?? '' },
                      })
                    }
                  >
                    Sign off
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      action.mutate({
                        method: 'PUT',
                        path: `/api/workflows/reviews/${review.id}/signoff`,
                        body: { decision: 'changes_requested', note: notes[review.id] ?? '' },
                      })
                    }
                  >
                    Ask for changes
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {trashed && <UndoTrash item={trashed} onClose={() => setTrashed(null)} />}
    </WorkLayout>
  );
}
