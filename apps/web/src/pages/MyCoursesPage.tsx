import '../modules/marketing/marketing.css';
import '../modules/reader/reader.css';
import { Link } from 'react-router';
import { CatalogueSection } from '../modules/marketing/components/CatalogueSection';
import { useMyWorks } from '../modules/reader/api/useMyWorks';
import { CourseCard } from '../modules/reader/components/CourseCard';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';

function MyCourses() {
  const works = useMyWorks('my-courses');
  const opened = works.data?.works ?? [];
  const topic = opened.find((work) => work.card.language_topic)?.card.language_topic ?? null;
  return (
    <>
      <section className="discovery-section" aria-labelledby="mine-heading" aria-busy={works.isFetching}>
        <div className="discovery-section-head">
          <h2 id="mine-heading">Courses you opened</h2>
          <Link to="/learn/in-progress">See what is in progress</Link>
        </div>
        {works.isPending ? (
          <p className="muted discovery-slot" role="status">
            Loading your courses…
          </p>
        ) : works.isError ? (
          <div className="card empty-state" role="alert">
            <p>Your courses could not be loaded.</p>
            <Button onClick={() => works.refetch()}>Try again</Button>
          </div>
        ) : opened.length === 0 ? (
          <div className="card empty-state">
            <p className="muted">Every course you open is listed here. Pick a first one below.</p>
          </div>
        ) : (
          <ul className="card-grid">
            {opened.map((work) => (
              <li key={work.card.collection_id}>
                <CourseCard card={work.card} percent={work.percent} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {works.isSuccess ? (
        topic ? (
          <CatalogueSection heading={`More in ${topic}`} query={{ topic, sort: 'popular' }} limit={3} />
        ) : (
          <CatalogueSection
            heading="Popular to start with"
            query={{ difficulty: 'beginner', sort: 'popular' }}
            limit={3}
          />
        )
      ) : null}
    </>
  );
}

/** /mycourses: the courses the learner opened, and what the catalogue suggests next. */
export function MyCoursesPage() {
  usePageTitle('My courses');
  return (
    <main id="main" className="page page-wide discovery-page">
      <header className="page-header">
        <h1>My courses</h1>
        <p className="lead">
          Everything you have opened, with your progress, and a next course from the catalogue.
        </p>
      </header>
      <RequireUser>
        <MyCourses />
      </RequireUser>
    </main>
  );
}
