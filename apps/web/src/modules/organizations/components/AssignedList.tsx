import { Link } from 'react-router';
import { useMyAssignments } from '../api/organizationQueries';
import { useMyFeedback } from '../api/planQueries';
import { dateOf } from '../utils/dateOf';
import { FeedbackList } from './AssignedPlanView';

/** /learn/assigned: what the organization assigned, with due dates and progress. */
export function AssignedList() {
  const { data, isPending, isError } = useMyAssignments();
  const feedback = useMyFeedback();
  if (isPending) {
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  }
  if (isError) return <p role="alert">Your assignments could not be loaded. Reload to try again.</p>;
  if (data.assignments.length === 0) {
    return (
      <div className="card empty-state">
        <p className="muted">
          Courses and paths your organization assigns to you show up here with their due dates.
        </p>
      </div>
    );
  }
  return (
    <ul className="assigned-list">
      {data.assignments.map((assignment) => (
        <li key={assignment.assignment_id} className="card assigned-item">
          <div>
            <h3 className="assigned-title">
              <Link to={assignment.card.url}>{assignment.card.title}</Link>
            </h3>
            <p className="muted small">
              {assignment.due_date ? `Due ${dateOf(assignment.due_date)}` : 'No due date'}
              {assignment.is_overdue && <span className="badge badge-warning">Overdue</span>}
              {assignment.completed && <span className="badge">Completed</span>}
            </p>
          </div>
          <div className="progress-line">
            <progress max={100} value={assignment.percent} aria-label={`${assignment.card.title} progress`} />
            <span>{assignment.percent}%</span>
          </div>
          <FeedbackList
            feedback={(feedback.data?.feedback ?? []).filter(
              (entry) => entry.assignment_id === assignment.assignment_id,
            )}
            label={`Mentor feedback on ${assignment.card.title}`}
          />
        </li>
      ))}
    </ul>
  );
}
