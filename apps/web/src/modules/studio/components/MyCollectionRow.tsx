import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { ApiError } from '../../api/ApiError';
import { useAuthorCollection } from '../api/useAuthorCollection';
import { reviewStateLabel } from '../utils/reviewStateLabel';

/** One of the author's collections on /teach: title, kind, state, lessons and where to go next. */
export function MyCollectionRow({
  authorId,
  collectionId,
  onForget,
}: {
  authorId: number;
  collectionId: number;
  onForget: () => void;
}) {
  const { data, error, isPending } = useAuthorCollection(authorId, collectionId);
  if (isPending) {
    return (
      <li className="studio-collection-row">
        <span className="muted">Loading…</span>
      </li>
    );
  }
  if (error || !data) {
    const gone = error instanceof ApiError && (error.status === 404 || error.status === 403);
    return (
      <li className="studio-collection-row">
        <span className="muted">
          {gone ? 'This collection is no longer available to you.' : 'Could not load this collection.'}
        </span>
        <Button variant="ghost" onClick={onForget}>
          Remove from list
        </Button>
      </li>
    );
  }
  const { collection, toc } = data;
  const lessons = toc.reduce((count, category) => count + category.pages.length, 0);
  const editorUrl = `/collectioneditor/${authorId}/${collectionId}`;
  return (
    <li className="studio-collection-row">
      <div className="studio-collection-main">
        <Link to={editorUrl} className="studio-collection-title">
          {collection.title || 'Untitled course'}
        </Link>
        <span className="small muted">
          {collection.work_type === 'path' ? 'Path' : 'Course'} · {lessons}{' '}
          {lessons === 1 ? 'lesson' : 'lessons'}
          {collection.live_version
            ? ` · version ${collection.live_version.version_no}`
            : ' · nothing sent yet'}
        </span>
      </div>
      <span className={`badge studio-state studio-state-${collection.review_state}`}>
        {reviewStateLabel(collection.review_state)}
      </span>
      <Link className="btn btn-secondary" to={editorUrl}>
        Edit
      </Link>
    </li>
  );
}
