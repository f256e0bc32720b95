import { Button } from '../../../ui/Button';
import { useCommentsCount } from '../api/useCommentsCount';

/** The editor's "Comments" button with the number of open threads (and a mark when all are resolved). */
export function CommentsToggle({
  documentKey,
  isOpen,
  onToggle,
}: {
  documentKey: string;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { data: count } = useCommentsCount(documentKey);
  const label =
    count === undefined || count.total === 0
      ? 'Comments'
      : `Comments, ${count.unresolved} open of ${count.total}`;
  return (
    <Button variant="ghost" aria-pressed={isOpen} aria-label={label} onClick={onToggle}>
      Comments
      {count && count.total > 0 && (
        <span
          className={`badge studio-count-badge${count.unresolved === 0 ? ' studio-count-done' : ''}`}
          aria-hidden="true"
        >
          {count.unresolved === 0 ? '✓' : count.unresolved}
        </span>
      )}
    </Button>
  );
}
