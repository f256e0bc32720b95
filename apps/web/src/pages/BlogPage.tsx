import '../modules/marketing/marketing.css';
import '../modules/reader/reader.css';
import { countOf } from '@coderoom/domain';
import { Link, NavLink, useParams, useSearchParams } from 'react-router';
import { useBlogCategories } from '../modules/marketing/api/useBlogCategories';
import { useBlogPosts } from '../modules/marketing/api/useBlogPosts';
import { BlogCategoryManager } from '../modules/marketing/components/BlogCategoryManager';
import { formatPostDate } from '../modules/marketing/utils/formatPostDate';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { Pager } from '../ui/Pager';

/** /blog and /blog/category/{slug}: published posts, newest first, by category. */
export function BlogPage() {
  const { slug = null } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const categories = useBlogCategories();
  const posts = useBlogPosts(slug, page);
  const { data: user } = useUserInfo();
  const category = categories.data?.categories.find((entry) => entry.slug === slug);
  usePageTitle(category ? `${category.name} – Blog` : 'Blog');
  if (slug && categories.isSuccess && !category) return <ErrorPage code={404} />;
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.total / posts.data.page_size)) : 1;
  return (
    <main id="main" className="page blog-page">
      <header className="page-header">
        <h1>{category ? category.name : 'The Coderoom blog'}</h1>
        <p className="lead">
          {category?.description ||
            'Notes from the people who write the courses and run the sandboxes: teaching, tooling and the languages we use.'}
        </p>
        <p>
          <a href="/blog/feed.xml" type="application/atom+xml">
            Atom feed
          </a>{' '}
          ·{' '}
          <a href="/blog/rss.xml" type="application/rss+xml">
            RSS feed
          </a>
        </p>
        <nav className="tabs" aria-label="Blog categories">
          <NavLink to="/blog" end className="tab">
            All posts
          </NavLink>
          {categories.data?.categories.map((entry) => (
            <NavLink key={entry.id} to={`/blog/category/${entry.slug}`} className="tab">
              {entry.name}
            </NavLink>
          ))}
        </nav>
      </header>
      <section aria-labelledby="posts-heading" aria-busy={posts.isFetching}>
        <h2 id="posts-heading" className="visually-hidden">
          Posts
        </h2>
        {posts.isPending ? (
          <p className="muted" role="status">
            Loading the posts…
          </p>
        ) : posts.isError ? (
          <div className="card empty-state" role="alert">
            <p>The posts could not be loaded.</p>
            <Button onClick={() => posts.refetch()}>Try again</Button>
          </div>
        ) : posts.data.posts.length === 0 ? (
          <div className="card empty-state">
            <p className="muted">No posts here yet.</p>
          </div>
        ) : (
          <>
            <p className="muted" role="status">
              {countOf(posts.data.total, 'post')}
            </p>
            <ul className="blog-list">
              {posts.data.posts.map((post) => (
                <li key={post.id} className="card blog-card">
                  <h3>
                    <Link to={`/blog/${post.url}`}>{post.title}</Link>
                  </h3>
                  {post.description ? <p>{post.description}</p> : null}
                  <p className="muted">
                    <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time> ·{' '}
                    {post.read_minutes} min read{post.category ? ` · ${post.category.name}` : ''}
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pages={pages}
              onPage={(next) => setParams({ page: String(next) })}
              previousLabel="Newer posts"
              nextLabel="Older posts"
            />
          </>
        )}
      </section>
      {user?.admin ? <BlogCategoryManager /> : null}
    </main>
  );
}
