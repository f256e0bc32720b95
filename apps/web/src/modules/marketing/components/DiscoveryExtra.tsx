import { Term } from '@coderoom/domain';
import { Link } from 'react-router';
import { usePlans } from '../../commerce/api/usePlans';
import { PlanPrice } from '../../commerce/components/PlanPrice';
import { StudentPlanPanel } from '../../growth/components/StudentPlanPanel';
import { type DiscoveryExtra as Extra, LANGUAGE_TOPICS } from '../utils/discoveryPages';
import { CatalogueCount } from './CatalogueCounts';
import { CatalogueSection } from './CatalogueSection';
import { ShareLink } from './ShareLink';

const KINDS = [
  {
    label: 'Courses',
    description: 'Lessons to read with code you run beside them.',
    query: { type: 'courses' },
  },
  { label: 'Skill paths', description: 'Several courses in one ordered plan.', query: { type: 'paths' } },
  {
    label: 'Projects',
    description: 'Build a small real program, checked by tests.',
    query: { type: 'projects' },
  },
  {
    label: 'Assessments',
    description: 'Timed questions that measure a skill.',
    query: { type: 'assessments' },
  },
  { label: 'Cloud labs', description: 'Tasks in a live machine of your own.', query: { type: 'cloudLabs' } },
] as const;

/** The part of a discovery page that is more than catalogue shelves. */
export function DiscoveryExtra({ extra }: { extra: Extra }) {
  switch (extra) {
    case 'tracks':
      return (
        <>
          {LANGUAGE_TOPICS.map((topic) => (
            <CatalogueSection
              key={topic}
              heading={`${topic} track`}
              query={{ topic, sort: 'popular' }}
              limit={3}
            />
          ))}
        </>
      );
    case 'categories':
      return (
        <>
          <section aria-labelledby="by-kind">
            <h2 id="by-kind">By kind of learning</h2>
            <ul className="category-grid">
              {KINDS.map((kind) => (
                <CatalogueCount
                  key={kind.label}
                  label={kind.label}
                  description={kind.description}
                  query={kind.query}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="by-language">
            <h2 id="by-language">By language</h2>
            <ul className="category-grid">
              {LANGUAGE_TOPICS.map((topic) => (
                <CatalogueCount
                  key={topic}
                  label={topic}
                  description={`Everything we publish in ${topic}.`}
                  query={{ topic }}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="by-level">
            <h2 id="by-level">By level</h2>
            <ul className="category-grid">
              <CatalogueCount
                label="Beginner"
                description="No experience assumed."
                query={{ difficulty: 'beginner' }}
              />
              <CatalogueCount
                label="Intermediate"
                description="You write code already."
                query={{ difficulty: 'intermediate' }}
              />
              <CatalogueCount
                label="Advanced"
                description="For the details and the edge cases."
                query={{ difficulty: 'advanced' }}
              />
            </ul>
          </section>
        </>
      );
    case 'plans':
      return <PlanSummary />;
    case 'share':
      return <ShareLink />;
    case 'students':
      return <StudentPlanPanel />;
  }
}

function PlanSummary() {
  const plans = usePlans();
  const annual = plans.data?.plans.filter((plan) => plan.validity_months === Term.Annual) ?? [];
  return (
    <section aria-labelledby="plans-heading" className="discovery-section">
      <div className="discovery-section-head">
        <h2 id="plans-heading">Plans, billed yearly</h2>
        <Link to="/unlimited">Compare every term</Link>
      </div>
      {plans.isPending ? (
        <p className="muted discovery-slot" role="status">
          Loading the plans…
        </p>
      ) : plans.isError ? (
        <p role="alert">The plans could not be loaded.</p>
      ) : (
        <ul className="category-grid">
          {annual.map((plan) => (
            <li key={plan.plan_key} className="card category-tile">
              <h3>{plan.feature_set_name}</h3>
              <PlanPrice plan={plan} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
