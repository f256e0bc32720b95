import type { CollectionVersionEntry } from '@coderoom/contracts';
import { VersionState } from '@coderoom/domain';
import { Link } from 'react-router';
import { versionHistoryPath } from '../utils/versionHistoryPath';
import { versionStateLabel } from '../utils/versionStateLabel';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every published version of a collection, newest first, with the lessons it held. */
export function CollectionVersionList({
  authorId,
  collectionId,
  versions,
}: {
  authorId: number;
  collectionId: number;
  versions: CollectionVersionEntry[];
}) {
  if (versions.length === 0) {
    return <p className="muted">Nothing has been published yet. Versions appear here once you publish.</p>;
  }
  return (
    <ol className="studio-version-list">
      {versions.map((version) => (
        <li key={version.version_no} className="card studio-version-entry">
          <h3>
            Version {version.version_no}{' '}
            <span
              className={`badge ${version.state === VersionState.Published ? 'badge-success' : 'studio-badge-muted'}`}
            >
              {versionStateLabel(version.state)}
            </span>
            {version.is_early_access && <span className="badge studio-badge-muted">Early access</span>}
          </h3>
          <p className="small muted">
            {version.published_at ? dateFormat.format(new Date(version.published_at)) : 'Not dated'} ·{' '}
            {version.title || 'Untitled course'} · {version.lesson_count} lesson
            {version.lesson_count === 1 ? '' : 's'}
          </p>
          {version.lessons.length > 0 && (
            <ul className="studio-version-lessons">
              {version.lessons.map((lesson) => (
                <li key={lesson.page_id}>
                  <Link to={versionHistoryPath(authorId, collectionId, lesson.page_id)}>{lesson.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
