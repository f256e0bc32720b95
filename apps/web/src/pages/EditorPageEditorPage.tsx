import '../modules/marketing/marketing.css';
import { Link, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useEditorPage } from '../modules/marketing/api/useEditorPage';
import { EditorPageEditor } from '../modules/marketing/components/EditorPageEditor';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

function Editor({ id }: { id: number }) {
  const page = useEditorPage(id);
  usePageTitle(page.data ? `Edit ${page.data.title || page.data.url}` : 'Edit page');
  if (page.isPending) return <PageLoading label="Loading the editor" />;
  if (page.isError) {
    const status = page.error instanceof ApiError ? page.error.status : 500;
    return <ErrorPage code={status === 403 || status === 404 ? status : 500} />;
  }
  return (
    <main id="main" className="page mk-editor-page">
      <p>
        <Link to={page.data.kind === 'blogs' ? '/create/blog/create-editor-page' : '/editor-page'}>
          ← All pages
        </Link>
      </p>
      <h1>{page.data.kind === 'blogs' ? 'Edit blog post' : 'Edit marketing page'}</h1>
      <EditorPageEditor key={page.data.id} page={page.data} />
    </main>
  );
}

/** /editor-page/{id}: the widget editor of one marketing page or blog post (editorial users). */
export function EditorPageEditorPage() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <ErrorPage code={404} />;
  return (
    <RequireUser>
      <Editor id={id} />
    </RequireUser>
  );
}
