import type { DocumentComment } from '@coderoom/contracts';
import { useState } from 'react';
import type { useCommentActions } from '../api/useCommentActions';
import { CommentEntry } from './CommentEntry';
import { CommentTextForm } from './CommentTextForm';

type Actions = ReturnType<typeof useCommentActions>;

/** What is being edited in a thread: the comment itself, one reply, or a new reply. */
type Editing = { kind: 'comment' } | { kind: 'reply'; replyId: number } | { kind: 'new-reply' } | null;

interface CommentThreadProps {
  comment: DocumentComment;
  nameOf: (userId: number | null) => string;
  actions: Actions;
  /** Runs a write; resolves false (and shows the error) when it failed. */
  run: (write: () => Promise<unknown>) => Promise<boolean>;
  onDelete: (target: { commentId: number; replyId?: number }) => void;
}

function LinkButton({ label, onClick, danger }: { label: string; onClick: () => void; danger?: boolean }) {
  return (
    <button
      type="button"
      className={`studio-link-button${danger ? ' studio-danger-text' : ''}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/** A thread: the comment, its replies, and the actions its reader may take. */
export function CommentThread({ comment, nameOf, actions, run, onDelete }: CommentThreadProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const done = (ok: boolean) => {
    if (ok) setEditing(null);
    return ok;
  };
  const author = nameOf(comment.userId);

  return (
    <article
      className={`studio-comment-thread${comment.isResolved ? ' studio-comment-resolved' : ''}`}
      aria-label={`Comment by ${author}`}
    >
      {comment.isResolved && (
        <p className="small studio-resolved-note">
          <span className="badge badge-success">Resolved</span>
          {comment.resolvedBy !== null && <span className="muted"> by {nameOf(comment.resolvedBy)}</span>}
        </p>
      )}
      <CommentEntry
        authorName={author}
        created={comment.created}
        isModified={comment.isModified}
        text={comment.mdText}
        editor={
          editing?.kind === 'comment' && (
            <CommentTextForm
              label="Edit comment"
              submitLabel="Save"
              initialText={comment.mdText}
              busy={actions.edit.isPending}
              onSubmit={async (text) =>
                done(await run(() => actions.edit.mutateAsync({ commentId: comment.id, text })))
              }
              onCancel={() => setEditing(null)}
            />
          )
        }
        actions={
          <>
            <LinkButton label="Reply" onClick={() => setEditing({ kind: 'new-reply' })} />
            {comment.canEdit && <LinkButton label="Edit" onClick={() => setEditing({ kind: 'comment' })} />}
            <LinkButton
              label={comment.isResolved ? 'Reopen' : 'Resolve'}
              onClick={() =>
                void run(() =>
                  actions.setResolved.mutateAsync({ commentId: comment.id, isResolved: !comment.isResolved }),
                )
              }
            />
            {comment.canDelete && (
              <LinkButton label="Delete" danger onClick={() => onDelete({ commentId: comment.id })} />
            )}
          </>
        }
      />
      {comment.repliesCount > 0 && (
        <ol className="studio-comment-replies" aria-label={`${comment.repliesCount} replies`}>
          {comment.replies.map((reply) => (
            <li key={reply.id}>
              <CommentEntry
                authorName={nameOf(reply.userId)}
                created={reply.created}
                isModified={reply.isModified}
                text={reply.mdText}
                editor={
                  editing?.kind === 'reply' &&
                  editing.replyId === reply.id && (
                    <CommentTextForm
                      label="Edit reply"
                      submitLabel="Save"
                      initialText={reply.mdText}
                      busy={actions.editReply.isPending}
                      onSubmit={async (text) =>
                        done(
                          await run(() =>
                            actions.editReply.mutateAsync({ commentId: comment.id, replyId: reply.id, text }),
                          ),
                        )
                      }
                      onCancel={() => setEditing(null)}
                    />
                  )
                }
                actions={
                  (reply.canEdit || reply.canDelete) && (
                    <>
                      {reply.canEdit && (
                        <LinkButton
                          label="Edit"
                          onClick={() => setEditing({ kind: 'reply', replyId: reply.id })}
                        />
                      )}
                      {reply.canDelete && (
                        <LinkButton
                          label="Delete"
                          danger
                          onClick={() => onDelete({ commentId: comment.id, replyId: reply.id })}
                        />
                      )}
                    </>
                  )
                }
              />
            </li>
          ))}
        </ol>
      )}
      {editing?.kind === 'new-reply' && (
        <CommentTextForm
          label="Reply"
          submitLabel="Reply"
          busy={actions.reply.isPending}
          onSubmit={async (text) =>
            done(await run(() => actions.reply.mutateAsync({ commentId: comment.id, text })))
          }
          onCancel={() => setEditing(null)}
        />
      )}
    </article>
  );
}
