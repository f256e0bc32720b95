import type { CollectionVersionsResponse, RestorePageRequest } from '@coderoom/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { collectionVersionsQuery } from '../api/collectionVersionsQuery';
import { usePageDiff } from '../api/usePageDiff';
import { useRestorePage } from '../api/useRestorePage';
import { versionStateLabel } from '../utils/versionStateLabel';
import { ConfirmDialog } from './ConfirmDialog';
import { ConflictDialog } from './ConflictDialog';
import { PageDiffView } from './PageDiffView';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const when = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'an unknown date');

interface Choice {
  /** The diff's `against`: snapshot:{id} or version:{no}. */
  against: string;
  request: RestorePageRequest;
  /** How the restore confirmation names it. */
  description: string;
}

interface PageHistoryProps {
  authorId: number;
  collectionId: number;
  pageId: number;
  history: CollectionVersionsResponse;
  editorUrl: string;
}

/** One lesson's saved states and published copies; pick one to compare with the draft or restore it. */
export function PageHistory({ authorId, collectionId, pageId, history, editorUrl }: PageHistoryProps) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isConflict, setIsConflict] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const diff = usePageDiff(authorId, collectionId, pageId, choice?.against ?? null);
  const restore = useRestorePage(authorId, collectionId, pageId);

  const snapshots = history.page?.snapshots ?? [];
  const versions = history.versions.filter((version) => version.page);
  const currentEtag = history.page?.etag ?? '';

  const select = (next: Choice) => {
    setChoice(next);
    setMessage(null);
  };

  const runRestore = async (etag: string) => {
    if (!choice) return;
    setMessage(null);
    try {
      await restore.mutateAsync({ etag, request: choice.request });
      setIsConfirming(false);
      setIsConflict(false);
      setMessage({ tone: 'success', text: `Restored ${choice.description}.` });
    } catch (error) {
      setIsConfirming(false);
      if (error instanceof ApiError && error.status === 409) setIsConflict(true);
      else
        setMessage({
          tone: 'error',
          text: error instanceof ApiError ? error.errorText : 'Could not restore. Check your connection.',
        });
    }
  };

  /** Conflicts → Save: the draft changed since this screen loaded; restore over the newest one. */
  const restoreOverNewest = async () => {
    const fresh = await queryClient.fetchQuery({
      ...collectionVersionsQuery(authorId, collectionId, pageId),
      staleTime: 0,
    });
    await runRestore(fresh.page?.etag ?? currentEtag);
  };

  return (
    <div className="studio-history">
      <nav className="studio-history-list" aria-label="Saved states">
        <h2>Saved states</h2>
        {snapshots.length === 0 ? (
          <p className="small muted">No saves yet.</p>
        ) : (
          <ul>
            {snapshots.map((snapshot) => {
              const against = `snapshot:${snapshot.snapshot_id}`;
              const isCurrent = snapshot.etag === currentEtag;
              const who = snapshot.saved_by_name ?? 'Deleted User';
              return (
                <li key={snapshot.snapshot_id}>
                  <button
                    type="button"
                    className="studio-history-item"
                    aria-current={choice?.against === against ? 'true' : undefined}
                    onClick={() =>
                      select({
                        against,
                        request: { snapshot_id: snapshot.snapshot_id },
                        description: `the state saved on ${when(snapshot.saved_at)} by ${who}`,
                      })
                    }
                  >
                    <time dateTime={snapshot.saved_at}>{when(snapshot.saved_at)}</time>
                    <span className="small muted">
                      {who}
                      {isCurrent && ' · current draft'}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <h2>Published versions</h2>
        {versions.length === 0 ? (
          <p className="small muted">This lesson has not been published yet.</p>
        ) : (
          <ul>
            {versions.map((version) => {
              const against = `version:${version.version_no}`;
              return (
                <li key={version.version_no}>
                  <button
                    type="button"
                    className="studio-history-item"
                    aria-current={choice?.against === against ? 'true' : undefined}
                    onClick={() =>
                      select({
                        against,
                        request: { version_no: version.version_no },
                        description: `version ${version.version_no}, published on ${when(version.published_at)}`,
                      })
                    }
                  >
                    <span>
                      Version {version.version_no}{' '}
                      <span className="small muted">({versionStateLabel(version.state)})</span>
                    </span>
                    <span className="small muted">{when(version.published_at)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </nav>

      <section className="card section studio-history-diff" aria-label="Changes">
        {message && (
          <FormMessage tone={message.tone}>
            {message.text} {message.tone === 'success' && <Link to={editorUrl}>Open the lesson editor</Link>}
          </FormMessage>
        )}
        {!choice ? (
          <p className="muted">
            Pick a saved state or a published version to see how the current draft differs from it.
          </p>
        ) : (
          <>
            <header className="studio-history-diff-head">
              <div>
                <h2>Changes since {choice.description}</h2>
                <p className="small muted">
                  Lines marked − were in that state and are gone from the current draft; lines marked + are
                  new in the draft.
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={diff.data?.has_changes === false}
                onClick={() => setIsConfirming(true)}
              >
                Restore
              </Button>
            </header>
            {diff.isPending && <p className="muted small">Comparing…</p>}
            {diff.error && (
              <FormMessage tone="error">
                {diff.error instanceof ApiError ? diff.error.errorText : 'Could not compare.'}
              </FormMessage>
            )}
            {diff.data && <PageDiffView diff={diff.data} />}
          </>
        )}
      </section>

      <ConfirmDialog
        open={isConfirming}
        title="Restore to previous saved state?"
        message={
          choice
            ? `The lesson's draft will be replaced by ${choice.description}. The current draft stays in the history, so you can undo this.`
            : ''
        }
        confirmLabel="Restore"
        busy={restore.isPending}
        onConfirm={() => void runRestore(currentEtag)}
        onCancel={() => setIsConfirming(false)}
      />
      <ConflictDialog
        open={isConflict}
        busy={restore.isPending}
        onSave={() => void restoreOverNewest()}
        onCancel={() => setIsConflict(false)}
      />
    </div>
  );
}
