import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useWorkAction } from '../api/useWorkAction';

/** Asks people (by e-mail, comma separated) to review a document. */
export function RequestReviewForm({ documentId }: { documentId: number }) {
  const [emails, setEmails] = useState('');
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const action = useWorkAction();
  const emailsId = useId();
  const noteId = useId();
  return (
    <section className="work-section" aria-labelledby={`${emailsId}-heading`}>
      <h2 id={`${emailsId}-heading`}>Request a review</h2>
      <form
        className="work-create"
        onSubmit={(event) => {
          event.preventDefault();
          const list = emails
            .split(',')
            .map((email) => email.trim())
            .filter(Boolean);
          action.mutate(
            {
              method: 'POST',
              path: '/api/workflows/reviews',
              body: { document_id: documentId, reviewer_emails: list, note },
            },
            {
              onSuccess: () => {
                setSent(true);
                setEmails('');
                setNote('');
              },
            },
          );
        }}
      >
        <div className="field">
          <label htmlFor={emailsId}>Reviewers (e-mails, comma separated)</label>
          <input
            id={emailsId}
            value={emails}
            onChange={(e) => {
              setEmails(e.target.value);
              setSent(false);
            }}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={noteId}>Note</label>
          <input id={noteId} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary" busy={action.isPending}>
          Request review
        </Button>
      </form>
      {sent && <FormMessage tone="success">Review requested.</FormMessage>}
      {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
    </section>
  );
}
