import { ErrorMessages } from '@coderoom/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '../../../ui/FormMessage';
import { useUpdateDueDate } from '../api/organizationMutations';
import { useOrganizationProgress } from '../api/organizationQueries';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : ErrorMessages.DefaultFailure);

/** The team's progress per member and assignment, overdue items, due-date edits and the CSV export. */
export function ManagerDashboard({ organizationId, canEdit }: { organizationId: number; canEdit: boolean }) {
  const progress = useOrganizationProgress(organizationId);
  const updateDueDate = useUpdateDueDate(organizationId);
  const [error, setError] = useState<string | null>(null);
  if (progress.isPending) {
    return (
      <p className="muted" role="status">
        Loading progress…
      </p>
    );
  }
  if (progress.isError) return <p role="alert">{messageOf(progress.error)}</p>;
  const rows = progress.data.members.flatMap((member) =>
    member.assignments.map((assignment) => ({ member, assignment })),
  );
  return (
    <section aria-labelledby="progress-heading" className="org-section">
      <div className="org-section-head">
        <h2 id="progress-heading">Team progress</h2>
        <a
          className="btn btn-secondary"
          href={`/api/organization/${organizationId}/progress/export`}
          download
        >
          Export CSV
        </a>
      </div>
      <p className="muted">
        {progress.data.members.length} {progress.data.members.length === 1 ? 'member' : 'members'},{' '}
        {progress.data.overdue_count} overdue
      </p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {rows.length === 0 ? (
        <p className="muted">Nothing assigned yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="org-table">
            <caption className="visually-hidden">Progress per member and assignment</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Assignment</th>
                <th scope="col">Progress</th>
                <th scope="col">Due date</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ member, assignment }) => (
                <tr key={assignment.assignment_id}>
                  <td>{member.full_name ?? member.email}</td>
                  <td>
                    <Link to={assignment.card.url}>{assignment.card.title}</Link>
                  </td>
                  <td>
                    <span className="progress-line">
                      <progress
                        max={100}
                        value={assignment.percent}
                        aria-label={`${member.full_name ?? member.email}: ${assignment.card.title}`}
                      />
                      <span>{assignment.percent}%</span>
                    </span>
                    {assignment.is_overdue && <span className="badge badge-warning">Overdue</span>}
                    {assignment.completed && <span className="badge">Completed</span>}
                  </td>
                  <td>
                    {canEdit ? (
                      <input
                        type="date"
                        aria-label={`Due date of ${assignment.card.title} for ${member.full_name ?? member.email}`}
                        defaultValue={assignment.due_date?.slice(0, 10) ?? ''}
                        onBlur={(event) => {
                          const value = event.target.value;
                          if (value === (assignment.due_date?.slice(0, 10) ?? '')) return;
                          updateDueDate.mutate(
                            { assignment_id: assignment.assignment_id, due_date: value || null },
                            { onError: (failure) => setError(messageOf(failure)) },
                          );
                        }}
                      />
                    ) : (
                      (assignment.due_date?.slice(0, 10) ?? '—')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
