import type { AssignedPlan } from '@coderoom/contracts';
import { Link } from 'react-router';
import { useMyPlans } from '../api/planQueries';
import { dateOf } from '../utils/dateOf';

/** Due date, overdue and completion of an assigned plan, in one line. */
export function PlanDueLine({ plan }: { plan: AssignedPlan }) {
  return (
    <p className="muted small">
      {plan.kind_label} plan · {plan.due_date ? `Due ${dateOf(plan.due_date)}` : 'No due date'}
      {plan.is_overdue && <span className="badge badge-warning">Overdue</span>}
      {plan.completed_at && <span className="badge">Completed</span>}
    </p>
  );
}

/** The plans the organization assigned to the caller, each with its progress (mentee's landing too). */
export function AssignedPlans({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { data, isPending, isError } = useMyPlans();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (isPending) {
    return (
      <p className="muted" role="status">
        Loading your plans…
      </p>
    );
  }
  if (isError) return <p role="alert">Your plans could not be loaded. Reload to try again.</p>;
  if (data.plans.length === 0) {
    return (
      <div className="card empty-state">
        <p className="muted">Onboarding and learning plans your organization assigns to you show up here.</p>
      </div>
    );
  }
  return (
    <ul className="assigned-list">
      {data.plans.map((plan) => (
        <li key={plan.assignment_id} className="card assigned-item">
          <div>
            <Heading className="assigned-title" id={`plan-title-${plan.assignment_id}`}>
              <Link to={`/onboarding/assigned-plans/${plan.assignment_id}`}>{plan.plan_title}</Link>
            </Heading>
            <PlanDueLine plan={plan} />
            <p className="small">
              <Link to={plan.reader_url} aria-describedby={`plan-title-${plan.assignment_id}`}>
                Read page by page
              </Link>
            </p>
          </div>
          <div className="progress-line">
            <progress max={100} value={plan.percent} aria-label={`${plan.plan_title} progress`} />
            <span>{plan.percent}%</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
