import type { CommentUser } from '@coderoom/contracts';
import { useState } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { useCommentActions } from '../api/useCommentActions';
import { useDocumentComments } from '../api/useDocumentComments';
import { CommentTextForm } from './CommentTextForm';
import { CommentThread } from './CommentThread';
import { ConfirmDialog } from './ConfirmDialog';

const DELETED_USER = 'Deleted User';

function fullName(user: CommentUser | undefined): string {
  return user ? `${user.firstName} ${user.lastName}`.trim() || DELETED_USER : DELETED_USER;
}

/** The threads on one document (a lesson page), for the people who edit the course. */
export function CommentsPanel({ documentKey, onClose }: { documentKey: string; onClose: () => void }) {
  const query = useDocumentComments(documentKey);
  const actions = useCommentActions(documentKey);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<{ commentId: number; replyId?: number } | null>(null);

  const users = new Map(query.data?.users.map((user) => [user.userId, user]));
  const nameOf = (userId: number | null) => (userId === null ? DELETED_USER : fullName(users.get(userId)));

  const run = async (write: () => Promise<unknown>): Promise<boolean> => {
    setErrorText(null);
    try {
      await write();
      return true;
    } catch (error) {
      setErrorText(error instanceof ApiError ? error.errorText : 'Could not save. Check your connection.');
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const { commentId, replyId } = pendingDelete;
    await run(() =>
      replyId === undefined
        ? actions.remove.mutateAsync(commentId)
        : actions.removeReply.mutateAsync({ commentId, replyId }),
    );
    setPendingDelete(null);
  };

  const comments = query.data?.comments ?? [];
  const open = comments.filter((comment) => !comment.isResolved).length;
  return (
    <aside className="studio-comments-panel" aria-labelledby="studio-comments-title">
      <header className="studio-comments-head">
        <h2 id="studio-comments-title">Comments</h2>
        <span className="small muted">
          {comments.length === 0 ? 'No threads yet' : `${open} open · ${comments.length - open} resolved`}
        </span>
        <button type="button" className="icon-button" aria-label="Close comments" onClick={onClose}>
          ✕
        </button>
      </header>
      <CommentTextForm
        label="New comment"
        submitLabel="Comment"
        busy={actions.create.isPending}
        onSubmit={(text) => run(() => actions.create.mutateAsync(text))}
      />
      {errorText && <FormMessage tone="error">{errorText}</FormMessage>}
      {query.isPending && <p className="muted small">Loading comments…</p>}
      {query.error && (
        <FormMessage tone="error">
          {query.error instanceof ApiError ? query.error.errorText : 'Could not load the comments.'}
        </FormMessage>
      )}
      <div className="studio-comment-list">
        {comments.map((comment) => (
          <CommentThread
            key={comment.id}
            comment={comment}
            nameOf={nameOf}
            actions={actions}
            run={run}
            onDelete={setPendingDelete}
          />
        ))}
      </div>
      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete?.replyId === undefined ? 'Delete comment' : 'Delete reply'}
        message={
          pendingDelete?.replyId === undefined
            ? 'Permanently delete this comment and all its replies?'
            : 'Permanently delete this reply?'
        }
        confirmLabel="Delete"
        danger
        busy={actions.remove.isPending || actions.removeReply.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </aside>
  );
}
