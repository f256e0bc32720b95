import '../modules/marketing/marketing.css';
import '../modules/reader/reader.css';
import { EditorPageKind, MarketingLimits } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCreateEditorPage } from '../modules/marketing/api/useCreateEditorPage';
import { useEditorPages } from '../modules/marketing/api/useEditorPages';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { TextField } from '../ui/TextField';

const KINDS = [
  { kind: EditorPageKind.Marketing, label: 'Marketing pages', alias: 'm', prefix: '/m/' },
  { kind: EditorPageKind.Blog, label: 'Blog posts', alias: 'blog', prefix: '/blog/' },
] as const;

function PageList() {
  const { kind: alias } = useParams();
  const chosen = KINDS.find((entry) => entry.alias === alias) ?? KINDS[0];
  const pages = useEditorPages(chosen.kind);
  const create = useCreateEditorPage();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { kind: chosen.kind, title: title.trim(), url: url.trim() },
      { onSuccess: (page) => navigate(`/editor-page/${page.id}`) },
    );
  };
  return (
    <main id="main" className="page mk-editor-list">
      <h1>Marketing pages and blog</h1>
      <nav className="tabs" aria-label="Kind of page">
        {KINDS.map((entry) => (
          <Link
            key={entry.kind}
            className="tab"
            to={`/create/${entry.alias}/create-editor-page`}
            aria-current={entry.kind === chosen.kind ? 'page' : undefined}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="existing-heading">
        <h2 id="existing-heading">{chosen.label}</h2>
        {pages.isPending ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : pages.isError ? (
          <p role="alert">The pages could not be loaded.</p>
        ) : pages.data.pages.length === 0 ? (
          <p className="muted">None yet.</p>
        ) : (
          <ul className="mk-page-rows">
            {pages.data.pages.map((page) => (
              <li key={page.id} className="card">
                <Link to={`/editor-page/${page.id}`}>{page.title || page.url}</Link>
                <span className="muted">
                  {chosen.prefix}
                  {page.url} · {page.is_published ? 'Published' : 'Draft'}
                  {page.is_published && page.has_unpublished_changes ? ' (unpublished changes)' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className="card mk-create" onSubmit={submit}>
        <h2>New {chosen.kind === EditorPageKind.Blog ? 'blog post' : 'marketing page'}</h2>
        <TextField
          label="Title"
          value={title}
          maxLength={MarketingLimits.titleLength}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextField
          label="Address"
          required
          value={url}
          hint={`${chosen.prefix}${url || 'your-page'}: lower-case words with hyphens`}
          maxLength={MarketingLimits.urlLength}
          onChange={(event) => setUrl(event.target.value)}
          error={
            create.error && 'errors' in create.error
              ? ((create.error.errors as Record<string, string>).url ?? null)
              : null
          }
        />
        {create.error ? <FormMessage tone="error">{create.error.message}</FormMessage> : null}
        <Button type="submit" busy={create.isPending}>
          Create and edit
        </Button>
      </form>
    </main>
  );
}

/** /editor-page and /create/{m|blog}/create-editor-page: editorial users' list of pages and the create form. */
export function EditorPagesPage() {
  usePageTitle('Marketing pages and blog');
  return (
    <RequireUser>
      <EditorialOnly>
        <PageList />
      </EditorialOnly>
    </RequireUser>
  );
}

function EditorialOnly({ children }: { children: React.ReactNode }) {
  const { data: user } = useUserInfo();
  return user?.admin ? children : <ErrorPage code={403} />;
}
