import type { AssessmentShare } from '@coderoom/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useShareScore } from '../api/useShareScore';

interface ShareScoreCardProps {
  authorId: number;
  collectionId: number;
  attemptId: number;
  share: AssessmentShare | null;
}

/**
 * Share the score: a public page with the learner's name, the assessment, the score and the date (never the
 * answers), and the button that takes it down again.
 */
export function ShareScoreCard({ authorId, collectionId, attemptId, share }: ShareScoreCardProps) {
  const { share: create, unshare } = useShareScore({ authorId, collectionId, attemptId });
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const url = share ? `${window.location.origin}${share.path}` : null;
  const error = create.error ?? unshare.error;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Without clipboard access the link stays selectable in the field.
      setCopied(false);
    }
  };

  return (
    <section className="section card assessment-card" aria-labelledby="share-heading">
      <h2 id="share-heading">Share your score</h2>
      {url ? (
        <>
          <p className="muted">
            Anyone with this link sees your name, the assessment, your score and the date — not your answers.
          </p>
          <div className="field share-link">
            <label htmlFor={inputId} className="visually-hidden">
              Link to your score
            </label>
            <input
              id={inputId}
              className="share-link-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            <a className="btn btn-ghost" href={share?.path} target="_blank" rel="noreferrer">
              Open
            </a>
          </div>
          <div>
            <Button
              variant="danger"
              busy={unshare.isPending}
              onClick={() => {
                setCopied(false);
                unshare.mutate();
              }}
            >
              Stop sharing
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">
            Make a public page with your name, this assessment, your score and the date. Your answers stay
            private, and you can take the page down at any time.
          </p>
          <div>
            <Button variant="secondary" busy={create.isPending} onClick={() => create.mutate()}>
              Create a share link
            </Button>
          </div>
        </>
      )}
      <div aria-live="polite">{error && <FormMessage tone="error">{error.message}</FormMessage>}</div>
    </section>
  );
}
