import '../modules/organizations/organizations.css';
import '../modules/reader/reader.css';
import { Link, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useOrganizationOverview } from '../modules/organizations/api/organizationQueries';
import { usePlan } from '../modules/organizations/api/planQueries';
import { PlanEditor } from '../modules/organizations/components/PlanEditor';
import { PlansBoard } from '../modules/organizations/components/PlansBoard';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 500);

function EditPlan({ organizationId, planId }: { organizationId: number; planId: number }) {
  const plan = usePlan(organizationId, planId);
  usePageTitle(plan.data?.title ?? 'Plan');
  if (plan.isPending) return <PageLoading />;
  if (plan.isError) return <ErrorPage code={statusOf(plan.error)} />;
  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <p className="muted small">
          <Link to="/onboarding/plans">Plans</Link> · {plan.data.kind_label}
          {plan.data.is_template ? ' template' : ''} ·{' '}
          {plan.data.state === 'published' ? 'Published' : 'Draft'}
        </p>
        <h1>{plan.data.title}</h1>
      </header>
      {/* The editor's fields start from the server's plan; after a save they already hold what was saved. */}
      <PlanEditor key={plan.data.plan_id} organizationId={organizationId} plan={plan.data} />
    </main>
  );
}

function Plans({ organizationId }: { organizationId: number }) {
  const params = useParams();
  const overview = useOrganizationOverview(organizationId);
  usePageTitle('Plans');
  if (params.planId !== undefined) {
    const planId = Number(params.planId);
    if (!Number.isSafeInteger(planId) || planId <= 0) return <ErrorPage code={404} />;
    return <EditPlan organizationId={organizationId} planId={planId} />;
  }
  if (overview.isPending) return <PageLoading />;
  if (overview.isError) return <ErrorPage code={statusOf(overview.error)} />;
  const { permissions } = overview.data;
  if (!permissions.can_assign && !permissions.can_view_progress) return <ErrorPage code={403} />;
  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <p className="muted small">{overview.data.name}</p>
        <h1>Plans</h1>
        <p className="muted">
          Onboarding and learning plans: modules of courses and paths, assigned to members or teams with a due
          date.
        </p>
      </header>
      <PlansBoard organizationId={organizationId} canAuthor={permissions.can_assign} />
    </main>
  );
}

function OnboardingPlans() {
  const { data: user } = useUserInfo();
  if (!user) return null;
  const organizationId = user.enterprise.active_organization_id;
  if (organizationId === null) return <ErrorPage code={404} heading="You are not in an organization" />;
  return <Plans organizationId={organizationId} />;
}

/** /onboarding/plans and /onboarding/plans/{planId}: the organization's plans and the plan editor. */
export function OnboardingPlansPage() {
  return (
    <RequireUser>
      <OnboardingPlans />
    </RequireUser>
  );
}
