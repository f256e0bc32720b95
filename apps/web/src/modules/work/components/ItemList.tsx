import type { WorkItem } from '@coderoom/contracts';
import { useState } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { useWorkAction } from '../api/useWorkAction';
import { ItemRow } from './ItemRow';
import { UndoTrash } from './UndoTrash';

interface ItemListProps {
  label: string;
  items: WorkItem[] | undefined;
  isPending: boolean;
  error: Error | null;
  empty: string;
  inTrash?: boolean;
}

/** A list of items with loading, empty and error states, and an undo after a delete. */
export function ItemList({ label, items, isPending, error, empty, inTrash = false }: ItemListProps) {
  const [trashed, setTrashed] = useState<WorkItem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const trash = useWorkAction();
  const remove = (item: WorkItem) =>
    trash.mutate(
      { method: 'PUT', path: `/api/workflows/items/${item.id}/delete` },
      { onSuccess: () => setTrashed(item), onError: (error) => setFailure(error.message) },
    );
  if (isPending) return <PageLoading label={`Loading ${label.toLowerCase()}`} />;
  if (error) return <FormMessage tone="error">{error.message}</FormMessage>;
  return (
    <>
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      {items && items.length === 0 ? (
        <div className="empty-state">
          <p className="muted">{empty}</p>
        </div>
      ) : (
        <ul className="work-list" aria-label={label}>
          {items?.map((item) => (
            <ItemRow key={item.id} item={item} inTrash={inTrash} onDelete={remove} onError={setFailure} />
          ))}
        </ul>
      )}
      {trashed && <UndoTrash item={trashed} onClose={() => setTrashed(null)} />}
    </>
  );
}
