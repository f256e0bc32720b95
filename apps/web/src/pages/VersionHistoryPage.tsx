import '../modules/studio/studio.css';
import { DefaultTitle } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { collectionVersionsQuery } from '../modules/studio/api/collectionVersionsQuery';
import { useAuthorCollection } from '../modules/studio/api/useAuthorCollection';
import { CollectionVersionList } from '../modules/studio/components/CollectionVersionList';
import { PageHistory } from '../modules/studio/components/PageHistory';
import { versionHistoryPath } from '../modules/studio/utils/versionHistoryPath';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

interface Address {
  authorId: number;
  collectionId: number;
  /** Null on the collection's history; a lesson's history otherwise. */
  pageId: number | null;
}

function VersionHistory({ address }: { address: Address }) {
  const { authorId, collectionId, pageId } = address;
  const collection = useAuthorCollection(authorId, collectionId);
  const history = useQuery(collectionVersionsQuery(authorId, collectionId, pageId));
  const courseTitle = collection.data?.collection.title || 'Untitled course';
  const lessonTitle = history.data?.page?.title || DefaultTitle.Lesson;
  usePageTitle(pageId === null ? `History: ${courseTitle}` : `History: ${lessonTitle}`);

  if (history.isPending) return <PageLoading label="Loading the history" />;
  if (history.error) {
    const status = history.error instanceof ApiError ? history.error.status : 500;
    return <ErrorPage code={status === 403 || status === 404 ? status : 500} />;
  }

  const collectionEditorUrl = `/collectioneditor/${authorId}/${collectionId}`;
  if (pageId === null) {
    const lessons = collection.data?.toc.flatMap((category) => category.pages) ?? [];
    return (
      <main id="main" className="page page-wide studio-history-page">
        <nav className="small muted studio-breadcrumb" aria-label="Breadcrumb">
          <Link to="/teach">Teach</Link> / <Link to={collectionEditorUrl}>{courseTitle}</Link> / History
        </nav>
        <h1>History of {courseTitle}</h1>
        <div className="studio-history">
          <nav className="studio-history-list" aria-label="Lessons">
            <h2>Lesson history</h2>
            <p className="small muted">Every save of a lesson is kept; open one to compare or restore.</p>
            {lessons.length === 0 ? (
              <p className="small muted">This course has no lessons yet.</p>
            ) : (
              <ul>
                {lessons.map((lesson) => (
                  <li key={lesson.page_id}>
                    <Link
                      className="studio-history-item"
                      to={versionHistoryPath(authorId, collectionId, lesson.page_id)}
                    >
                      {lesson.title || DefaultTitle.Lesson}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </nav>
          <section aria-labelledby="studio-versions-title">
            <h2 id="studio-versions-title">Published versions</h2>
            <CollectionVersionList
              authorId={authorId}
              collectionId={collectionId}
              versions={history.data.versions}
            />
          </section>
        </div>
      </main>
    );
  }

  const editorUrl = `/pageeditor/${authorId}/${collectionId}/${pageId}`;
  return (
    <main id="main" className="page page-wide studio-history-page">
      <nav className="small muted studio-breadcrumb" aria-label="Breadcrumb">
        <Link to="/teach">Teach</Link> / <Link to={collectionEditorUrl}>{courseTitle}</Link> /{' '}
        <Link to={editorUrl}>{lessonTitle}</Link> /{' '}
        <Link to={versionHistoryPath(authorId, collectionId)}>History</Link>
      </nav>
      <h1>History of “{lessonTitle}”</h1>
      <PageHistory
        authorId={authorId}
        collectionId={collectionId}
        pageId={pageId}
        history={history.data}
        editorUrl={editorUrl}
      />
    </main>
  );
}

/** /collection/{a}/{c}/versions and /collection/page/{a}/{c}/{p}/versions (spec 000 §2). */
export function VersionHistoryPage() {
  const params = useParams();
  const authorId = Number(params.authorId);
  const collectionId = Number(params.collectionId);
  const pageId = params.pageId === undefined ? null : Number(params.pageId);
  const ids = pageId === null ? [authorId, collectionId] : [authorId, collectionId, pageId];
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return <ErrorPage code={404} />;
  return (
    <RequireUser>
      <VersionHistory key={ids.join('/')} address={{ authorId, collectionId, pageId }} />
    </RequireUser>
  );
}
