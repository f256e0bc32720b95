import '../modules/organizations/organizations.css';
import '../modules/reader/reader.css';
import type { MyWorksTab } from '@coderoom/contracts';
import { Link, NavLink, useParams } from 'react-router';
import { WeeklyGoalCard } from '../modules/goals/components/WeeklyGoalCard';
import { AssignedList } from '../modules/organizations/components/AssignedList';
import { AssignedPlans } from '../modules/organizations/components/AssignedPlans';
import { OrganizationCatalog } from '../modules/organizations/components/OrganizationCatalog';
import { useContinueLearning } from '../modules/reader/api/useContinueLearning';
import { useMyWorks } from '../modules/reader/api/useMyWorks';
import { CourseCard } from '../modules/reader/components/CourseCard';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';

const TABS = [
  { tab: 'home', label: 'Home' },
  { tab: 'in-progress', label: 'In progress' },
  { tab: 'my-courses', label: 'My courses' },
  { tab: 'saved', label: 'Saved' },
  { tab: 'completed', label: 'Completed' },
  // Organization members (docs/organizations.md): what was assigned, and the organization's catalogue.
  { tab: 'assigned', label: 'Assigned' },
  { tab: 'organization', label: 'Organization' },
] as const;
const ORGANIZATION_TABS: readonly string[] = ['assigned', 'organization'];

const EMPTY: Record<MyWorksTab, string> = {
  'in-progress': 'Courses you have started and not finished show up here.',
  'my-courses': 'Every course you open is listed here.',
  saved: 'Save a course from its page to keep it here for later.',
  completed: 'Courses you finish show up here, with their certificates.',
};

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

function WorksList({ tab }: { tab: MyWorksTab }) {
  const { data, isPending, isError } = useMyWorks(tab);
  // All three states share one reserved height (.continue-slot), so the page does not move as it loads.
  if (isPending)
    return (
      <div className="card continue-slot">
        <p className="muted" role="status">
          Loading…
        </p>
      </div>
    );
  if (isError) return <p role="alert">Your courses could not be loaded. Reload to try again.</p>;
  if (data.works.length === 0) {
    return (
      <div className="card empty-state">
        <p className="muted">{EMPTY[tab]}</p>
        <Link className="btn btn-primary" to="/explore">
          Explore courses
        </Link>
      </div>
    );
  }
  return (
    <ul className="card-grid">
      {data.works.map((work) => (
        <li key={work.card.collection_id}>
          <CourseCard card={work.card} percent={work.percent} />
        </li>
      ))}
    </ul>
  );
}

function ContinueLearning() {
  const { data, isPending } = useContinueLearning();
  // All three states share one reserved height (.continue-slot), so the page does not move as it loads.
  if (isPending)
    return (
      <div className="card continue-slot">
        <p className="muted" role="status">
          Loading…
        </p>
      </div>
    );
  const work = data?.work;
  if (!work) {
    return (
      <section className="empty-state card continue-slot" aria-labelledby="continue-heading">
        <div className="empty-illustration" aria-hidden="true">
          {'{ }'}
        </div>
        <h2 id="continue-heading">Nothing in progress yet</h2>
        <p className="muted">
          Courses and paths you start will show up here with your progress, so you can continue exactly where
          you stopped, on any device.
        </p>
        <Link className="btn btn-primary" to="/explore">
          Find a course
        </Link>
      </section>
    );
  }
  return (
    <section className="card continue-card continue-slot" aria-labelledby="continue-heading">
      <h2 id="continue-heading">Continue learning</h2>
      <p className="lead">{work.card.title}</p>
      <div className="progress-line">
        <progress max={100} value={work.percent} aria-label={`${work.card.title} progress`} />
        <span>{work.percent}%</span>
      </div>
      <Link className="btn btn-primary" to={work.resume_url}>
        Continue
      </Link>
    </section>
  );
}

function Learn() {
  const { data: user } = useUserInfo();
  const params = useParams();
  const tab = params.tab ?? 'home';
  const current = TABS.find((entry) => entry.tab === tab);
  usePageTitle(current?.label ?? 'Learn');
  if (!current) return <ErrorPage code={404} />;
  if (!user) return null;
  const isMember = user.enterprise.organizations.length > 0;
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>{tab === 'home' ? `Welcome, ${firstName(user.full_name)}` : 'My learning'}</h1>
        <nav className="tabs" aria-label="My learning">
          {TABS.filter((entry) => isMember || !ORGANIZATION_TABS.includes(entry.tab)).map((entry) => (
            <NavLink key={entry.tab} to={`/learn/${entry.tab}`} className="tab">
              {entry.label}
            </NavLink>
          ))}
        </nav>
      </header>
      {current.tab === 'home' ? (
        <div className="learn-home">
          <div className="learn-home-top">
            <ContinueLearning />
            <WeeklyGoalCard />
          </div>
          <section aria-labelledby="in-progress-heading">
            <h2 id="in-progress-heading">In progress</h2>
            <WorksList tab="in-progress" />
          </section>
        </div>
      ) : current.tab === 'assigned' ? (
        <div className="assigned-sections">
          <section aria-labelledby="assigned-plans-heading">
            <h2 id="assigned-plans-heading">Plans</h2>
            <AssignedPlans headingLevel={3} />
          </section>
          <section aria-labelledby="assigned-courses-heading">
            <h2 id="assigned-courses-heading">Courses and paths</h2>
            <AssignedList />
          </section>
        </div>
      ) : current.tab === 'organization' ? (
        <OrganizationCatalog isMember={isMember} />
      ) : (
        <WorksList tab={current.tab} />
      )}
    </main>
  );
}

/** /learn and its sub-pages: home, in-progress, my-courses, saved, completed, assigned, organization. */
export function LearnPage() {
  return (
    <RequireUser>
      <Learn />
    </RequireUser>
  );
}
