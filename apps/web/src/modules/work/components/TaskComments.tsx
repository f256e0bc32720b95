import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { useTaskComments } from '../api/useTaskComments';
import { useWorkAction } from '../api/useWorkAction';

/** A task's comments (spec 002 §3.2): add, reply, resolve and reopen. */
export function TaskComments({ taskId, canComment }: { taskId: number; canComment: boolean }) {
  const comments = useTaskComments(taskId);
  const action = useWorkAction();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [reply, setReply] = useState('');
  const textId = useId();
  const replyId = useId();
  const path = `/api/task/${taskId}/comment`;
  return (
    <section className="work-section" aria-labelledby="work-comments-heading">
      <h2 id="work-comments-heading">
        Comments {comments.data && <span className="work-badge">{comments.data.count}</span>}
      </h2>
      {comments.isPending && <PageLoading label="Loading comments" />}
      {comments.error && <FormMessage tone="error">{comments.error.message}</FormMessage>}
      {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
      {comments.data?.comments.length === 0 && <p className="muted">No comments yet.</p>}
      {comments.data?.comments.map((comment) => (
        <article key={comment.id} className="work-comment" aria-label={`Comment by ${comment.userName}`}>
          <p>
            <strong>{comment.userName}</strong>{' '}
            <span className="muted small">
              {new Date(comment.created).toLocaleString()}
              {comment.isModified && ' · edited'}
              {comment.isResolved && ' · resolved'}
            </span>
          </p>
          <p>{comment.mdText}</p>
          {canComment && (
            <div className="work-inline">
              <Button
                variant="ghost"
                onClick={() =>
                  action.mutate({
                    method: 'PUT',
                    path,
                    body: { comment_id: comment.id, is_resolved: !comment.isResolved },
                  })
                }
              >
                {comment.isResolved ? 'Reopen' : 'Resolve'}
              </Button>
              <Button variant="ghost" onClick={() => setReplyTo(replyTo === comment.id ? null : comment.id)}>
                Reply
              </Button>
            </div>
          )}
          <div className="work-comment-replies">
            {comment.replies.map((entry) => (
              <p key={entry.id}>
                <strong>{entry.userName}</strong>: {entry.mdText}
              </p>
            ))}
          </div>
          {replyTo === comment.id && (
            <form
              className="work-inline"
              onSubmit={(event) => {
                event.preventDefault();
                action.mutate(
                  { method: 'POST', path, body: { md_text: reply, is_reply: true, parent_id: comment.id } },
                  {
                    onSuccess: () => {
                      setReply('');
                      setReplyTo(null);
                    },
                  },
                );
              }}
            >
              <label htmlFor={replyId}>Your reply</label>
              <input id={replyId} value={reply} onChange={(e) => setReply(e.target.value)} required />
              <Button type="submit" variant="secondary">
                Send reply
              </Button>
            </form>
          )}
        </article>
      ))}
      {canComment && (
        <form
          className="work-create"
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate(
              { method: 'POST', path, body: { md_text: text } },
              { onSuccess: () => setText('') },
            );
          }}
        >
          <div className="field">
            <label htmlFor={textId}>New comment</label>
            <textarea
              id={textId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              required
              maxLength={10000}
            />
          </div>
          <Button type="submit" busy={action.isPending}>
            Comment
          </Button>
        </form>
      )}
    </section>
  );
}
