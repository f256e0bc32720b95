import { useWorkAction } from '../api/useWorkAction';

interface UndoTrashProps {
  item: { id: number; title: string };
  onClose: () => void;
}

/** The bar under a list after a delete: the item went to the trash, and Undo restores it. */
export function UndoTrash({ item, onClose }: UndoTrashProps) {
  const action = useWorkAction();
  return (
    <div className="work-undo" role="status">
      <span>Moved “{item.title}” to the trash.</span>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          action.mutate({ method: 'PUT', path: `/api/workflows/items/${item.id}/restore` });
          onClose();
        }}
      >
        Undo
      </button>
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        Dismiss
      </button>
    </div>
  );
}
