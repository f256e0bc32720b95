import '../modules/marketing/marketing.css';
import { EditorPageKind } from '@coderoom/domain';
import { useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { usePublishedPage } from '../modules/marketing/api/usePublishedPage';
import { EditorPageBody, startsWithHero } from '../modules/marketing/components/EditorPageBody';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

/** /m/{marketingPageUrl}: a published marketing page (docs/marketing.md). */
export function MarketingPage() {
  const { url = '' } = useParams();
  const page = usePublishedPage(EditorPageKind.Marketing, url);
  usePageTitle(page.data?.title);
  if (page.isPending) return <PageLoading label="Loading the page" />;
  if (page.isError) {
    const status = page.error instanceof ApiError ? page.error.status : 500;
    return <ErrorPage code={status === 404 ? 404 : 500} />;
  }
  const heroIsTitle = startsWithHero(page.data.components);
  return (
    <main id="main" className="mk-page">
      {heroIsTitle ? null : <h1 className="mk-title">{page.data.title}</h1>}
      <EditorPageBody widgets={page.data.components} pageId={page.data.id} heroIsTitle={heroIsTitle} />
    </main>
  );
}
