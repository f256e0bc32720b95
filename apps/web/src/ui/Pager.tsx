import { Button } from './Button';

interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation landmark's name. */
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
}

/** Previous / "Page n of m" / Next under a paged list; nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
  label = 'Pages',
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      <span className="muted">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </nav>
  );
}
