import '../modules/studio/studio.css';
import { useState } from 'react';
import { ApiError } from '../modules/api/ApiError';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { useReviewQueue } from '../modules/studio/api/useReviewQueue';
import { ReviewQueueItemCard } from '../modules/studio/components/ReviewQueueItemCard';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

function ReviewQueue() {
  usePageTitle('Review queue');
  const queue = useReviewQueue();
  const [notice, setNotice] = useState<string | null>(null);

  if (queue.isPending) return <PageLoading label="Loading the review queue" />;
  if (queue.error) {
    const status = queue.error instanceof ApiError ? queue.error.status : 500;
    return <ErrorPage code={status === 403 ? 403 : 500} />;
  }
  const { items } = queue.data;
  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <h1>Review queue</h1>
        <p className="muted">Courses and paths submitted for review, oldest first.</p>
      </header>
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      {items.length === 0 ? (
        <section className="card section empty-state">
          <h2>Nothing to review</h2>
          <p className="muted">New submissions appear here as soon as authors send them.</p>
        </section>
      ) : (
        <ul className="studio-review-list">
          {items.map((item) => (
            <ReviewQueueItemCard key={item.collection_id} item={item} onDecided={setNotice} />
          ))}
        </ul>
      )}
    </main>
  );
}

export function ReviewQueuePage() {
  return (
    <RequireUser>
      <ReviewQueue />
    </RequireUser>
  );
}
