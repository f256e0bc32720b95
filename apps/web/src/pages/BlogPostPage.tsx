import '../modules/marketing/marketing.css';
import { EditorPageKind } from '@coderoom/domain';
import { Link, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { usePublishedPage } from '../modules/marketing/api/usePublishedPage';
import { EditorPageBody } from '../modules/marketing/components/EditorPageBody';
import { formatPostDate } from '../modules/marketing/utils/formatPostDate';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

/** /blog/{url}: one published post. */
export function BlogPostPage() {
  const { url = '' } = useParams();
  const post = usePublishedPage(EditorPageKind.Blog, url);
  usePageTitle(post.data?.title);
  if (post.isPending) return <PageLoading label="Loading the post" />;
  if (post.isError) {
    const status = post.error instanceof ApiError ? post.error.status : 500;
    return <ErrorPage code={status === 404 ? 404 : 500} />;
  }
  const { title, description, author_name, published_at, category, components } = post.data;
  return (
    <main id="main" className="mk-page blog-post">
      <nav aria-label="Breadcrumb" className="blog-crumbs">
        <Link to="/blog">Blog</Link>
        {category ? (
          <>
            {' / '}
            <Link to={`/blog/category/${category.slug}`}>{category.name}</Link>
          </>
        ) : null}
      </nav>
      <header className="blog-post-header">
        <h1>{title}</h1>
        {description ? <p className="mk-lead">{description}</p> : null}
        <p className="muted">
          {author_name} · <time dateTime={published_at}>{formatPostDate(published_at)}</time>
        </p>
      </header>
      <EditorPageBody widgets={components} pageId={post.data.id} heroIsTitle={false} />
    </main>
  );
}
