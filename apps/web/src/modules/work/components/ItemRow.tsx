import type { WorkItem } from '@coderoom/contracts';
import { WORK_ITEM_STATUS_LABEL } from '@coderoom/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { useMoveTargets } from '../api/useMoveTargets';
import { useWorkAction } from '../api/useWorkAction';
import { itemPath } from '../itemPath';

interface ItemRowProps {
  item: WorkItem;
  /** In the trash the row restores and deletes permanently instead. */
  inTrash?: boolean;
  /**
   * Deletes the item. The list does it, not the row: the row leaves the list as soon as the lists reload,
   * and the list must still be there to offer the undo.
   */
  onDelete?: (item: WorkItem) => void;
  onError: (message: string) => void;
}

/** One item of a list with everything a list lets you do to it: open, rename, move, star, delete. */
export function ItemRow({ item, inTrash = false, onDelete, onError }: ItemRowProps) {
  const action = useWorkAction();
  const [mode, setMode] = useState<'idle' | 'rename' | 'move'>('idle');
  const [title, setTitle] = useState(item.title);
  const [target, setTarget] = useState('');
  const renameId = useId();
  const moveId = useId();
  const targets = useMoveTargets(mode === 'move').filter((candidate) => candidate.id !== item.id);
  const canEdit = item.access === 'owner' || item.access === 'edit';
  const overdue =
    item.due_date !== null && item.status !== 4004 && new Date(item.due_date).getTime() < Date.now();

  const run = (method: 'PUT' | 'DELETE', path: string, body?: unknown, then?: () => void) =>
    action.mutate(
      { method, path, body },
      { onSuccess: () => then?.(), onError: (error) => onError(error.message) },
    );

  return (
    <li className="work-row" data-testid={`work-item-${item.id}`}>
      {mode === 'rename' ? (
        <form
          className="work-inline work-row-title"
          onSubmit={(event) => {
            event.preventDefault();
            run('PUT', `/api/workflows/items/${item.id}`, { title }, () => setMode('idle'));
          }}
        >
          <label htmlFor={renameId} className="visually-hidden">
            New name for {item.title}
          </label>
          <input id={renameId} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          <Button type="submit" variant="secondary" busy={action.isPending}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => setMode('idle')}>
            Cancel
          </Button>
        </form>
      ) : (
        <span className="work-row-title">
          {inTrash ? item.title : <Link to={itemPath(item)}>{item.title}</Link>}
        </span>
      )}
      <span className="work-row-meta">
        {item.status !== null && <span className="work-badge">{WORK_ITEM_STATUS_LABEL[item.status]}</span>}{' '}
        {overdue && <span className="work-badge work-badge-danger">Overdue</span>}{' '}
        {item.due_date && `Due ${new Date(item.due_date).toLocaleDateString()}`}{' '}
        {item.assignees.length > 0 && `· ${item.assignees.map((person) => person.full_name).join(', ')}`}
      </span>
      {mode === 'move' && (
        <form
          className="work-inline"
          onSubmit={(event) => {
            event.preventDefault();
            run(
              'PUT',
              `/api/workflows/items/${item.id}/move`,
              { parent_id: target === '' ? null : Number(target) },
              () => setMode('idle'),
            );
          }}
        >
          <label htmlFor={moveId}>Move {item.title} to</label>
          <select id={moveId} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Top level</option>
            {targets.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.title}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" busy={action.isPending}>
            Move
          </Button>
          <Button variant="ghost" onClick={() => setMode('idle')}>
            Cancel
          </Button>
        </form>
      )}
      <span className="work-row-actions">
        {inTrash ? (
          <>
            <Button variant="secondary" onClick={() => run('PUT', `/api/workflows/items/${item.id}/restore`)}>
              Restore <span className="visually-hidden">{item.title}</span>
            </Button>
            {item.access === 'owner' && (
              <Button variant="danger" onClick={() => run('DELETE', `/api/workflows/items/${item.id}`)}>
                Delete forever <span className="visually-hidden">{item.title}</span>
              </Button>
            )}
          </>
        ) : (
          <>
            <Button
              variant="ghost"
              aria-pressed={item.is_starred}
              onClick={() =>
                run('PUT', item.is_starred ? '/api/unpinwork' : '/api/pinwork', { work_item_id: item.id })
              }
            >
              {item.is_starred ? '★ Starred' : '☆ Star'} <span className="visually-hidden">{item.title}</span>
            </Button>
            {canEdit && mode === 'idle' && (
              <>
                <Button variant="ghost" onClick={() => setMode('rename')}>
                  Rename <span className="visually-hidden">{item.title}</span>
                </Button>
                <Button variant="ghost" onClick={() => setMode('move')}>
                  Move <span className="visually-hidden">{item.title}</span>
                </Button>
                <Button variant="ghost" onClick={() => onDelete?.(item)}>
                  Delete <span className="visually-hidden">{item.title}</span>
                </Button>
              </>
            )}
          </>
        )}
      </span>
    </li>
  );
}
