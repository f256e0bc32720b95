import type { UserInfo } from '@coderoom/contracts';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useBecomeAuthor } from '../api/useBecomeAuthor';

/** The author capability: asked for here (or on /teach), it adds "Teach" to the header. */
export function TeachingSettings({ user }: { user: UserInfo }) {
  const become = useBecomeAuthor();
  if (user.is_author) {
    return (
      <div className="stack">
        <p>You can write courses and paths. Your drafts stay private until you submit them for review.</p>
        <div>
          <Link className="btn btn-secondary" to="/teach">
            Open the studio
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="stack">
      <p>
        Want to write a course? Start teaching to add the author studio to your menu. Nothing you write is
        published until a reviewer approves it.
      </p>
      {become.error && <FormMessage tone="error">{become.error.message}</FormMessage>}
      <div>
        <Button variant="secondary" busy={become.isPending} onClick={() => become.mutate()}>
          Start teaching
        </Button>
      </div>
    </div>
  );
}
