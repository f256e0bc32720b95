import '../modules/organizations/organizations.css';
import '../modules/reader/reader.css';
import { MentorDashboard } from '../modules/organizations/components/MentorDashboard';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';

function Dashboard() {
  const { data: user } = useUserInfo();
  usePageTitle('Mentor dashboard');
  if (!user) return null;
  const organizationId = user.enterprise.active_organization_id;
  if (organizationId === null) return <ErrorPage code={404} heading="You are not in an organization" />;
  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <h1>Mentor dashboard</h1>
        <p className="muted">Your mentees' plans and courses, and the feedback you give them.</p>
      </header>
      <MentorDashboard organizationId={organizationId} />
    </main>
  );
}

/** /onboarding/dashboard: the mentor's mentees with their progress (spec 001 §2 "dashboard (mentor)"). */
export function MentorDashboardPage() {
  return (
    <RequireUser>
      <Dashboard />
    </RequireUser>
  );
}
