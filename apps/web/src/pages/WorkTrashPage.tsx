import { usePageTitle } from '../modules/shell/usePageTitle';
import { useWorkTrash } from '../modules/work/api/useWorkTrash';
import { ItemList } from '../modules/work/components/ItemList';
import { WorkLayout } from '../modules/work/components/WorkLayout';

export function WorkTrashPage() {
  usePageTitle('Trash');
  const trash = useWorkTrash();
  return (
    <WorkLayout>
      <header className="work-header">
        <h1>Trash</h1>
      </header>
      <p className="muted">Restore an item with everything inside it, or delete it forever.</p>
      <ItemList
        label="Deleted items"
        items={trash.data}
        isPending={trash.isPending}
        error={trash.error}
        empty="The trash is empty."
        inTrash
      />
    </WorkLayout>
  );
}
