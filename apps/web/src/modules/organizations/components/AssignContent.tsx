import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useAssignContent } from '../api/organizationMutations';
import { useAssignableAssessments, useOrganizationCatalog } from '../api/organizationQueries';
import { messageOf } from '../utils/messageOf';
import { AssigneeField, assigneeIds } from './AssigneeField';

type Kind = 'content' | 'assessment';

/**
 * Track progress / assign courses: a course or path, or an assessment (001 §7; the freemium plan allows 3 of
 * each), to members or teams, with a due date.
 */
export function AssignContent({ organizationId }: { organizationId: number }) {
  const [kind, setKind] = useState<Kind>('content');
  const catalog = useOrganizationCatalog(kind === 'content');
  const assessments = useAssignableAssessments(organizationId, kind === 'assessment');
  const choices = kind === 'content' ? catalog : assessments;
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
    const card = choices.data?.items.find((item) => String(item.collection_id) === work);
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
        <fieldset className="field assign-kind">
          <legend>What to assign</legend>
          {(
            [
              ['content', 'A course or path'],
              ['assessment', 'An assessment'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="radio">
              <input
                type="radio"
                name={`${workId}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  setWork('');
                  setStatus(null);
                }}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={workId}>{kind === 'content' ? 'Course or path' : 'Assessment'}</label>
          <select id={workId} value={work} onChange={(event) => setWork(event.target.value)} required>
            <option value="">
              {kind === 'assessment' && assessments.data?.items.length === 0
                ? 'No assessments to assign'
                : 'Choose…'}
            </option>
            {choices.data?.items.map((item) => (
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
