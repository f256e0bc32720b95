import '../modules/organizations/organizations.css';
import '../modules/reader/reader.css';
import { Link, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useMyPlan } from '../modules/organizations/api/planQueries';
import { AssignedPlans } from '../modules/organizations/components/AssignedPlans';
import { AssignedPlanView } from '../modules/organizations/components/AssignedPlanView';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

function OnePlan({ assignmentId }: { assignmentId: number }) {
  const plan = useMyPlan(assignmentId);
  usePageTitle(plan.data?.plan_title ?? 'Plan');
  if (plan.isPending) return <PageLoading />;
  if (plan.isError) return <ErrorPage code={plan.error instanceof ApiError ? plan.error.status : 500} />;
  return (
    <main id="main" className="page">
      <header className="page-header">
        <p className="muted small">
          <Link to="/onboarding/assigned-plans">Your plans</Link>
        </p>
        <h1>{plan.data.plan_title}</h1>
      </header>
      <AssignedPlanView plan={plan.data} />
    </main>
  );
}

function AllPlans() {
  usePageTitle('Your plans');
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Your plans</h1>
        <p className="muted">
          What your organization planned for you. Single courses are on{' '}
          <Link to="/learn/assigned">Assigned</Link>.
        </p>
      </header>
      <AssignedPlans />
    </main>
  );
}

function AssignedPlan() {
  const params = useParams();
  if (params.assignmentId === undefined) return <AllPlans />;
  const assignmentId = Number(params.assignmentId);
  if (!Number.isSafeInteger(assignmentId) || assignmentId <= 0) return <ErrorPage code={404} />;
  return <OnePlan assignmentId={assignmentId} />;
}

/** /onboarding/assigned-plans (the mentee's landing) and /onboarding/assigned-plans/{assignmentId}. */
export function AssignedPlanPage() {
  return (
    <RequireUser>
      <AssignedPlan />
    </RequireUser>
  );
}
