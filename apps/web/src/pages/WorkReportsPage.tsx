import type { ScheduledReport, WorkPerson } from '@coderoom/contracts';
import { useState } from 'react';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { useScheduledReports } from '../modules/work/api/useScheduledReports';
import { useWorkAction } from '../modules/work/api/useWorkAction';
import { useWorkCollaborators } from '../modules/work/api/useWorkCollaborators';
import { ReportForm, type ReportFormValues, WEEKDAYS } from '../modules/work/components/ReportForm';
import { SharePanel } from '../modules/work/components/SharePanel';
import { UndoTrash } from '../modules/work/components/UndoTrash';
import { WorkLayout } from '../modules/work/components/WorkLayout';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

function repeatText(report: ScheduledReport): string {
  const unit = report.repeat_every === 1 ? report.repeat_type.replace(/s$/, '') : report.repeat_type;
  const every = report.repeat_every === 1 ? `Every ${unit}` : `Every ${report.repeat_every} ${unit}`;
  if (report.repeat_on_weekday !== null) return `${every} on ${WEEKDAYS[report.repeat_on_weekday]}`;
  if (report.repeat_on_date !== null) return `${every} on day ${report.repeat_on_date}`;
  return every;
}

function names(people: WorkPerson[]): string {
  return people.map((person) => person.full_name).join(', ');
}

/** Editing one report: its fields, and who may be named on it (people it is shared with). */
function ReportEditor({ report, onDone }: { report: ScheduledReport; onDone: () => void }) {
  const action = useWorkAction();
  const collaborators = useWorkCollaborators(report.item.id);
  const candidates = [
    report.item.owner,
    ...(collaborators.data ?? []),
    ...report.assignees_list,
    ...report.reviewers_list,
    ...report.watchers_list,
  ].filter((person, index, all) => all.findIndex((other) => other.user_id === person.user_id) === index);
  return (
    <div className="work-report-editor">
      {collaborators.isPending ? (
        <PageLoading label="Loading people" />
      ) : (
        <ReportForm
          report={report}
          candidates={candidates}
          submitLabel="Save report"
          busy={action.isPending}
          onCancel={onDone}
          onSubmit={(values) =>
            action.mutate(
              { method: 'PUT', path: `/api/workflows/scheduled-reports/${report.item.id}`, body: values },
              { onSuccess: onDone },
            )
          }
        />
      )}
      {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
      <SharePanel itemId={report.item.id} canShare />
    </div>
  );
}

export function WorkReportsPage() {
  usePageTitle('Scheduled reports');
  const reports = useScheduledReports();
  const create = useWorkAction();
  const trash = useWorkAction();
  const [creating, setCreating] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [trashed, setTrashed] = useState<ScheduledReport | null>(null);

  const schedule = (values: ReportFormValues) => {
    create.mutate(
      { method: 'POST', path: '/api/workflows/scheduled-reports', body: values },
      {
        onSuccess: () => {
          setCreating(false);
          setFormKey((key) => key + 1);
        },
      },
    );
  };

  return (
    <WorkLayout>
      <header className="work-header">
        <h1>Scheduled reports</h1>
        {!creating && <Button onClick={() => setCreating(true)}>Schedule report</Button>}
      </header>
      <p className="muted">
        A report creates a task for its people on each date it repeats. Edit a report to choose who writes,
        reviews and watches it.
      </p>
      {creating && (
        <section className="work-section" aria-labelledby="work-new-report">
          <h2 id="work-new-report">New report</h2>
          <ReportForm
            key={formKey}
            submitLabel="Schedule report"
            busy={create.isPending}
            onSubmit={schedule}
            onCancel={() => setCreating(false)}
          />
          {create.error && <FormMessage tone="error">{create.error.message}</FormMessage>}
        </section>
      )}
      {trash.error && <FormMessage tone="error">{trash.error.message}</FormMessage>}
      {reports.isPending && <PageLoading label="Loading reports" />}
      {reports.error && <FormMessage tone="error">{reports.error.message}</FormMessage>}
      {reports.data?.length === 0 && (
        <div className="empty-state">
          <p className="muted">No scheduled reports yet.</p>
        </div>
      )}
      <ul className="work-list" aria-label="Scheduled reports">
        {reports.data?.map((report) => {
          const canEdit = report.item.access === 'owner' || report.item.access === 'edit';
          return (
            <li key={report.item.id} className="work-row work-report">
              <span className="work-row-title">{report.item.title}</span>
              <span className="work-row-meta">
                {repeatText(report)} · next {new Date(report.next_scheduled_date).toLocaleDateString()}
                {report.assignees_list.length > 0 && ` · for ${names(report.assignees_list)}`}
                {report.reviewers_list.length > 0 && ` · reviewed by ${names(report.reviewers_list)}`}
              </span>
              {canEdit && editing !== report.item.id && (
                <span className="work-row-actions">
                  <Button variant="ghost" onClick={() => setEditing(report.item.id)}>
                    Edit <span className="visually-hidden">{report.item.title}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() =>
                      trash.mutate(
                        { method: 'PUT', path: `/api/workflows/items/${report.item.id}/delete` },
                        { onSuccess: () => setTrashed(report) },
                      )
                    }
                  >
                    Delete <span className="visually-hidden">{report.item.title}</span>
                  </Button>
                </span>
              )}
              {report.item.description && editing !== report.item.id && (
                <p className="work-report-description">{report.item.description}</p>
              )}
              {editing === report.item.id && <ReportEditor report={report} onDone={() => setEditing(null)} />}
            </li>
          );
        })}
      </ul>
      {trashed && <UndoTrash item={trashed.item} onClose={() => setTrashed(null)} />}
    </WorkLayout>
  );
}
