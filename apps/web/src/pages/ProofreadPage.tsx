import '../modules/proofreading/proofreading.css';
import { ErrorMessages, PROOFREADING_STATE_LABELS } from '@coderoom/domain';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useProofreadArticle } from '../modules/proofreading/api/useProofreadArticle';
import { ArticlePreview } from '../modules/proofreading/components/ArticlePreview';
import { IncorporateForm } from '../modules/proofreading/components/IncorporateForm';
import { IncorporationsView } from '../modules/proofreading/components/IncorporationsView';
import { PassDiffView } from '../modules/proofreading/components/PassDiffView';
import { ProofreadOverview } from '../modules/proofreading/components/ProofreadOverview';
import { ProofreadSidebar } from '../modules/proofreading/components/ProofreadSidebar';
import type { ProofreadAddress } from '../modules/proofreading/utils/proofreadAddress';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

type View =
  | { kind: 'overview' }
  | { kind: 'preview' }
  | { kind: 'incorporate' }
  | { kind: 'reviewIncorporations' }
  | { kind: 'pass'; selected: number; base: number | null };

const TITLES: Record<View['kind'], string> = {
  overview: 'Overview',
  preview: 'Preview',
  incorporate: 'Incorporate suggestions',
  reviewIncorporations: 'Review incorporations',
  pass: 'Pass preview',
};

function positive(value: string | undefined): number | undefined {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** Which of the spec's suffixes the address ends in (spec 000 §2 "Proofreading"). */
function viewOf(pathname: string, params: Record<string, string | undefined>): View | null {
  if (pathname.endsWith('/incorporate')) return { kind: 'incorporate' };
  if (pathname.endsWith('/reviewIncorporations')) return { kind: 'reviewIncorporations' };
  if (params.selectedPass !== undefined) {
    const selected = positive(params.selectedPass);
    const base = params.basePass === undefined ? null : (positive(params.basePass) ?? 0);
    return selected === undefined || base === 0 ? null : { kind: 'pass', selected, base };
  }
  if (pathname.endsWith('/preview')) return { kind: 'preview' };
  return { kind: 'overview' };
}

/**
 * `/proofread/{authorId}/{collectionId}/document/{docId}[/{pageId}]` and its suffixes: one article in
 * proofreading, with the proofread sidebar. A failed load shows the spec's 'Error loading proofreading article'.
 */
export function ProofreadPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const authorId = positive(params.authorId);
  const collectionId = positive(params.collectionId);
  const pageId = params.pageId === undefined ? undefined : (positive(params.pageId) ?? 0);
  const view = viewOf(pathname, params);
  if (!authorId || !collectionId || !params.docId || pageId === 0 || view === null) {
    return <ErrorPage code={404} heading={ErrorMessages.ProofreadingLoadFailed} />;
  }
  const address: ProofreadAddress = {
    authorId,
    collectionId,
    docId: params.docId,
    ...(pageId === undefined ? {} : { pageId }),
  };
  return <ProofreadArticleView address={address} view={view} />;
}

function ProofreadArticleView({ address, view }: { address: ProofreadAddress; view: View }) {
  const query = useProofreadArticle(address);
  usePageTitle(query.data ? `${TITLES[view.kind]}: ${query.data.title}` : TITLES[view.kind]);

  if (query.isPending) return <PageLoading label="Loading the proofreading article" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    if (status === 404) return <ErrorPage code={404} heading={ErrorMessages.ProofreadingLoadFailed} />;
    return (
      <main id="main" className="page">
        <div className="card proofread-error" role="alert">
          <h1>{ErrorMessages.ProofreadingLoadFailed}</h1>
          <p className="muted">{query.error.message}</p>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
      </main>
    );
  }
  const article = query.data;
  return (
    <div className="with-sidebar proofread-layout">
      <ProofreadSidebar article={article} address={address} />
      <main id="main" className="page proofread-page">
        <header className="page-header">
          <p className="muted">
            <Link to="/proofread">Proofreading</Link> › {TITLES[view.kind]}
          </p>
          <h1>{article.title}</h1>
          <p className="muted">
            by {article.author_name} ·{' '}
            <span className="badge proofread-state">{PROOFREADING_STATE_LABELS[article.state]}</span>
          </p>
        </header>
        {view.kind === 'overview' ? <ProofreadOverview article={article} address={address} /> : null}
        {view.kind === 'preview' ? <ArticlePreview article={article} /> : null}
        {view.kind === 'incorporate' ? <IncorporateForm article={article} address={address} /> : null}
        {view.kind === 'reviewIncorporations' ? <IncorporationsView address={address} /> : null}
        {view.kind === 'pass' ? (
          <PassDiffView article={article} address={address} selected={view.selected} base={view.base} />
        ) : null}
      </main>
    </div>
  );
}
