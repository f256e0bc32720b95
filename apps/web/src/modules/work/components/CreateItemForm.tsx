import type { WorkflowItemKindName as WorkItemKind } from '@coderoom/domain';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/Button';
import { useWorkAction } from '../api/useWorkAction';
import { itemPath } from '../itemPath';
import { WorkActionError } from './WorkActionError';

interface CreateItemFormProps {
  kinds: Array<{ kind: WorkItemKind; label: string }>;
  parentId?: number | null;
  /** Opens the new item after creating it (lists); a project page stays put. */
  open?: boolean;
}

/** Title, kind and Create: makes a new item here. */
export function CreateItemForm({ kinds, parentId = null, open = true }: CreateItemFormProps) {
  const titleId = useId();
  const kindId = useId();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<WorkItemKind>(kinds[0]?.kind ?? 'document');
  const action = useWorkAction();
  const navigate = useNavigate();
  const label = kinds.find((entry) => entry.kind === kind)?.label ?? 'item';
  return (
    <form
      className="work-create"
      onSubmit={(event) => {
        event.preventDefault();
        action.mutate(
          {
            method: 'POST',
            path: '/api/workflows/items',
            body: { kind, parent_id: parentId, ...(title.trim() ? { title: title.trim() } : {}) },
          },
          {
            onSuccess: (answer) => {
              setTitle('');
              const created = (answer as { item?: { id: number; kind: WorkItemKind } }).item;
              if (open && created) navigate(itemPath(created));
            },
          },
        );
      }}
    >
      <div className="field">
        <label htmlFor={titleId}>New {label.toLowerCase()} title</label>
        <input id={titleId} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </div>
      {kinds.length > 1 && (
        <div className="field">
          <label htmlFor={kindId}>Kind</label>
          <select id={kindId} value={kind} onChange={(e) => setKind(e.target.value as WorkItemKind)}>
            {kinds.map((entry) => (
              <option key={entry.kind} value={entry.kind}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button type="submit" busy={action.isPending}>
        Create {label.toLowerCase()}
      </Button>
      <WorkActionError error={action.error} />
    </form>
  );
}
