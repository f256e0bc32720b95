import type { AssignedPlan, MentorFeedback } from '@coderoom/contracts';
import { Link } from 'react-router';
import { PlanDueLine } from './AssignedPlans';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Mentor feedback, newest first. */
export function FeedbackList({ feedback, label }: { feedback: MentorFeedback[]; label: string }) {
  if (feedback.length === 0) return null;
  return (
    <ul className="feedback-list" aria-label={label}>
      {feedback.map((entry) => (
        <li key={entry.feedback_id} className="feedback-item">
          <p className="feedback-body">{entry.feedback}</p>
          <p className="muted small">
            {entry.mentor_name} on {entry.item_title} ·{' '}
            <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A plan as its member sees it: modules of courses with their progress, and the mentor's feedback. */
export function AssignedPlanView({ plan }: { plan: AssignedPlan }) {
  return (
    <>
      <section className="card plan-summary" aria-label="Plan progress">
        <PlanDueLine plan={plan} />
        {plan.description && <p>{plan.description}</p>}
        <p>
          <Link className="btn btn-primary" to={plan.reader_url}>
            Read the plan page by page
          </Link>
        </p>
        <div className="progress-line">
          <progress max={100} value={plan.percent} aria-label={`${plan.plan_title} progress`} />
          <span>{plan.percent}%</span>
        </div>
      </section>
      {plan.modules.map((module) => (
        <section
          key={module.module_id}
          className="org-section"
          aria-labelledby={`module-${module.module_id}`}
        >
          <h2 id={`module-${module.module_id}`}>{module.title}</h2>
          <ul className="assigned-list">
            {module.items.map((item) => (
              <li key={item.work_id} className="card assigned-item">
                <div>
                  <h3 className="assigned-title">
                    <Link to={item.url}>{item.title}</Link>
                  </h3>
                  <p className="muted small">
                    {item.work_type === 'path' ? 'Path' : 'Course'}
                    {item.completed && <span className="badge">Completed</span>}
                  </p>
                </div>
                <div className="progress-line">
                  <progress max={100} value={item.percent} aria-label={`${item.title} progress`} />
                  <span>{item.percent}%</span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="org-section" aria-labelledby="feedback-heading">
        <h2 id="feedback-heading">Mentor feedback</h2>
        {plan.feedback.length === 0 ? (
          <p className="muted">Your mentor's feedback on this plan shows up here.</p>
        ) : (
          <FeedbackList feedback={plan.feedback} label="Mentor feedback on this plan" />
        )}
      </section>
    </>
  );
}
