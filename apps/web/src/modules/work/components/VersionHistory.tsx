import type { DocumentVersion } from '@coderoom/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useDocumentVersion } from '../api/useDocumentVersion';
import { useDocumentVersions } from '../api/useDocumentVersions';
import { useWorkAction } from '../api/useWorkAction';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function authorLine(version: DocumentVersion): string {
  const who = version.created_by?.full_name ?? 'Before live editing';
  const what = version.reason === 'restore' ? 'restored an earlier version' : 'edited';
  return version.created_by ? `${who} ${what}` : who;
}

/**
 * A document's version history: every text it had (kept while people write, and around each restore), one
 * opened read-only, and for editors a restore, which makes that text current as a new version.
 */
export function VersionHistory({ itemId, canRestore }: { itemId: number; canRestore: boolean }) {
  const [isShown, setShown] = useState(false);
  const versions = useDocumentVersions(itemId, isShown);
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = useDocumentVersion(itemId, openId);
  const openedAt = opened.data?.version.created ?? '';
  const restore = useWorkAction();
  const [restoredAt, setRestoredAt] = useState('');
  return (
    <section className="work-section" aria-labelledby="work-versions-heading">
      <div className="work-section-head">
        <h2 id="work-versions-heading">Version history</h2>
        <Button
          variant="ghost"
          aria-expanded={isShown}
          aria-controls="work-versions-body"
          onClick={() => {
            setShown(!isShown);
            setOpenId(null);
          }}
        >
          {isShown ? 'Hide history' : 'Show history'}
        </Button>
      </div>
      <div id="work-versions-body" hidden={!isShown}>
        {isShown && versions.isPending && <p className="muted">Loading versions…</p>}
        {versions.error && <FormMessage tone="error">{versions.error.message}</FormMessage>}
        {versions.data?.length === 0 && (
          <p className="muted">No versions yet. One is kept as soon as someone writes.</p>
        )}
        {versions.data && versions.data.length > 0 && (
          <ol className="work-versions" aria-label="Versions, newest first">
            {versions.data.map((version, index) => {
              const when = WHEN.format(new Date(version.created));
              return (
                <li key={version.id} className="work-version">
                  <div>
                    <time dateTime={version.created}>{when}</time>
                    {index === 0 && <span className="work-badge">Latest</span>}
                    <div className="small muted">
                      {authorLine(version)} · {version.length} characters
                    </div>
                  </div>
                  <Button
                    variant="ghost"
                    aria-expanded={openId === version.id}
                    aria-label={`${openId === version.id ? 'Hide' : 'View'} the version of ${when}`}
                    onClick={() => setOpenId(openId === version.id ? null : version.id)}
                  >
                    {openId === version.id ? 'Hide' : 'View'}
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
        {openId !== null && (
          <div className="work-version-text" aria-live="polite">
            {opened.isPending && <p className="muted">Loading the text…</p>}
            {opened.error && <FormMessage tone="error">{opened.error.message}</FormMessage>}
            {opened.data && (
              <>
                <h3>Version of {WHEN.format(new Date(opened.data.version.created))}</h3>
                <pre data-testid="work-version-text">{opened.data.body || '(empty)'}</pre>
                {canRestore && (
                  <Button
                    variant="secondary"
                    busy={restore.isPending}
                    onClick={() =>
                      restore.mutate(
                        {
                          method: 'PUT',
                          path: `/api/workflows/items/${itemId}/versions/${openId}/restore`,
                        },
                        {
                          onSuccess: () => {
                            setRestoredAt(WHEN.format(new Date(openedAt)));
                            setOpenId(null);
                          },
                        },
                      )
                    }
                  >
                    Restore this version
                  </Button>
                )}
              </>
            )}
          </div>
        )}
      </div>
      {restore.error && <FormMessage tone="error">{restore.error.message}</FormMessage>}
      {restoredAt && !restore.error && (
        <FormMessage tone="success">
          Restored the version of {restoredAt}. The text it replaced is kept in the history.
        </FormMessage>
      )}
    </section>
  );
}
