import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useAssignContent } from '../api/organizationMutations';
import { useOrganizationCatalog } from '../api/organizationQueries';
import { messageOf } from '../utils/messageOf';
import { AssigneeField, assigneeIds } from './AssigneeField';

/** Track progress / assign courses: a course or path to members or teams, with a due date. */
export function AssignContent({ organizationId }: { organizationId: number }) {
  const catalog = useOrganizationCatalog(true);
  const assign = useAssignContent(organizationId);
  const [work, setWork] = useState('');
  const [target, setTarget] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const workId = useId();
  const dueId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const card = catalog.data?.items.find((item) => String(item.collection_id) === work);
    if (!card || !target) return;
    assign.mutate(
      {
        works: [{ author_id: card.author_id, work_id: card.collection_id }],
        ...assigneeIds(target),
        ...(dueDate ? { due_date: dueDate } : {}),
      },
      {
        onSuccess: (result) =>
          setStatus({
            tone: 'success',
            text: `${card.title} assigned to ${result.assignments.length} ${result.assignments.length === 1 ? 'person' : 'people'}.`,
          }),
        onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
      },
    );
  };

  return (
    <section aria-labelledby="assign-heading" className="org-section">
      <h2 id="assign-heading">Assign courses</h2>
      <form className="card org-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={workId}>Course or path</label>
          <select id={workId} value={work} onChange={(event) => setWork(event.target.value)} required>
            <option value="">Choose…</option>
            {catalog.data?.items.map((item) => (
              <option key={item.collection_id} value={item.collection_id}>
                {item.title}
              </option>
            ))}
          </select>
        </div>
        <AssigneeField organizationId={organizationId} value={target} onChange={setTarget} required />
        <div className="field">
          <label htmlFor={dueId}>Due date</label>
          <input
            id={dueId}
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={assign.isPending}>
          {assign.isPending ? 'Assigning…' : 'Assign'}
        </Button>
        {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
      </form>
    </section>
  );
}
