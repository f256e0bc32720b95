import '../modules/organizations/organizations.css';
import '../modules/reader/reader.css';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { usePlanReader } from '../modules/organizations/api/planQueries';
import { PlanReader } from '../modules/organizations/components/PlanReader';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

const idOf = (value: string | undefined, min = 1) => {
  const number = Number(value);
  return value !== undefined && Number.isSafeInteger(number) && number >= min ? number : null;
};

/** A member of the organization the plan was not given to (spec 000 §2: the gate of private path content). */
function PlanGate({ text }: { text: string }) {
  return (
    <main id="main" className="page">
      <section className="card empty-state login-gate">
        <h1>This plan is not yours to read</h1>
        <p className="muted">{text}</p>
        <div className="actions">
          <Link className="btn btn-primary" to="/learn/assigned">
            Your assigned learning
          </Link>
        </div>
      </section>
    </main>
  );
}

function Reader({
  authorId,
  planId,
  menteeMemberId,
  pageNumber,
}: {
  authorId: number;
  planId: number;
  menteeMemberId: number | null;
  pageNumber: number | null;
}) {
  const reader = usePlanReader(authorId, planId, menteeMemberId);
  const page = pageNumber === null ? null : reader.data?.pages[pageNumber - 1];
  usePageTitle(page ? `${page.title} · ${reader.data?.plan.title}` : (reader.data?.plan.title ?? 'Plan'));
  if (reader.isPending) return <PageLoading />;
  if (reader.isError) {
    const error = reader.error instanceof ApiError ? reader.error : null;
    if (error?.status === 403) return <PlanGate text={error.errorText} />;
    return <ErrorPage code={error?.status ?? 500} {...(error ? { errorText: error.errorText } : {})} />;
  }
  if (pageNumber !== null && !page) return <ErrorPage code={404} />;
  return <PlanReader reader={reader.data} page={page ?? null} />;
}

function PlanReaderRoute() {
  const params = useParams();
  const authorId = idOf(params.authorId, 0);
  const planId = idOf(params.planId);
  const menteeMemberId = params.memberId === undefined ? null : idOf(params.memberId);
  const pageNumber = params.pageNumber === undefined ? null : idOf(params.pageNumber);
  if (
    authorId === null ||
    planId === null ||
    (params.memberId !== undefined && menteeMemberId === null) ||
    (params.pageNumber !== undefined && pageNumber === null)
  ) {
    return <ErrorPage code={404} />;
  }
  return (
    <Reader authorId={authorId} planId={planId} menteeMemberId={menteeMemberId} pageNumber={pageNumber} />
  );
}

/**
 * The plan reader (spec 000 §2): /plan/{a}/{b}[/mentee/{id}][/preview|/draft] and
 * /plan/page/{a}/{b}/{c}[/mentee/{id}][/template]. Whether it is the member's own plan, a mentee's or the
 * authors' preview is the server's answer; the suffixes only name it in the address.
 */
export function PlanReaderPage() {
  return (
    <RequireUser>
      <PlanReaderRoute />
    </RequireUser>
  );
}

/** /plan/{a}/{b}/edit (spec 000 §2): the plan's editor. */
export function PlanEditRedirect() {
  const { planId } = useParams();
  const id = idOf(planId);
  return id === null ? <ErrorPage code={404} /> : <Navigate replace to={`/onboarding/plans/${id}`} />;
}
