import '../modules/organizations/organizations.css';
import '../modules/reader/reader.css';
import { NavLink, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useOrganizationOverview } from '../modules/organizations/api/organizationQueries';
import { AssignContent } from '../modules/organizations/components/AssignContent';
import { ConfluenceImport } from '../modules/organizations/components/ConfluenceImport';
import { ManagerDashboard } from '../modules/organizations/components/ManagerDashboard';
import { SingleSignOn } from '../modules/organizations/components/SingleSignOn';
import { SlackIntegration } from '../modules/organizations/components/SlackIntegration';
import { TeamsManagement } from '../modules/organizations/components/TeamsManagement';
import { UserManagement } from '../modules/organizations/components/UserManagement';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

const SECTIONS = [
  { section: 'manager-dashboard', label: 'Manager dashboard' },
  { section: 'user-management', label: 'User management' },
  { section: 'teams-management', label: 'Teams management' },
  { section: 'track-progress', label: 'Assign courses' },
  { section: 'single-sign-on', label: 'Single sign-on' },
  { section: 'confluence-integration', label: 'Confluence import' },
] as const;
type Section = (typeof SECTIONS)[number]['section'];

function Dashboard({ organizationId }: { organizationId: number }) {
  const params = useParams();
  const section = (params.section ?? 'manager-dashboard') as Section;
  const current = SECTIONS.find((entry) => entry.section === section);
  const overview = useOrganizationOverview(organizationId);
  usePageTitle(current?.label ?? 'Organization');
  if (!current) return <ErrorPage code={404} />;
  if (overview.isPending) return <PageLoading />;
  if (overview.isError) {
    const status = overview.error instanceof ApiError ? overview.error.status : 500;
    return <ErrorPage code={status} />;
  }
  const { permissions } = overview.data;
  const allowed: Record<Section, boolean> = {
    'manager-dashboard': permissions.can_view_progress,
    'user-management': permissions.can_manage_users || permissions.can_view_progress,
    'teams-management': permissions.can_manage_teams || permissions.can_view_progress,
    'track-progress': permissions.can_assign,
    'single-sign-on': permissions.can_manage_users,
    'confluence-integration': permissions.can_manage_users,
  };
  const visible = SECTIONS.filter((entry) => allowed[entry.section]);
  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <p className="muted small">
          {overview.data.name} · {overview.data.role_label}
          {overview.data.subscription
            ? ` · ${overview.data.subscription.seats_used} of ${overview.data.subscription.seats} seats`
            : ''}
        </p>
        <h1>{current.label}</h1>
        <nav className="tabs" aria-label="Organization management">
          {visible.map((entry) => (
            <NavLink key={entry.section} to={`/enterprise-dashboard/${entry.section}`} className="tab">
              {entry.label}
            </NavLink>
          ))}
        </nav>
      </header>
      {!allowed[section] ? (
        <ErrorPage code={403} />
      ) : section === 'manager-dashboard' ? (
        <ManagerDashboard organizationId={organizationId} canEdit={permissions.can_assign} />
      ) : section === 'user-management' ? (
        <UserManagement organizationId={organizationId} canManage={permissions.can_manage_users} />
      ) : section === 'teams-management' ? (
        <TeamsManagement organizationId={organizationId} canManage={permissions.can_manage_teams} />
      ) : section === 'single-sign-on' ? (
        <>
          <SingleSignOn organizationId={organizationId} />
          <SlackIntegration organizationId={organizationId} />
        </>
      ) : section === 'confluence-integration' ? (
        <ConfluenceImport organizationId={organizationId} />
      ) : (
        <AssignContent organizationId={organizationId} />
      )}
    </main>
  );
}

function EnterpriseDashboard() {
  const { data: user } = useUserInfo();
  if (!user) return null;
  const organizationId = user.enterprise.active_organization_id;
  if (organizationId === null) return <ErrorPage code={404} heading="You are not in an organization" />;
  return <Dashboard organizationId={organizationId} />;
}

/** /enterprise-dashboard/{section}: the organization's management area (spec 001 §2). */
export function EnterpriseDashboardPage() {
  return (
    <RequireUser>
      <EnterpriseDashboard />
    </RequireUser>
  );
}
