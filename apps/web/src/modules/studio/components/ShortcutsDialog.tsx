import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EDITOR_SHORTCUTS, type ShortcutId } from '../utils/editorShortcuts';

/** Lists the shortcuts this editor binds. */
export function ShortcutsDialog({
  open,
  onOpenChange,
  available,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  available: readonly ShortcutId[];
}) {
  const shown = EDITOR_SHORTCUTS.filter((shortcut) => available.includes(shortcut.id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <table className="studio-shortcuts">
        <tbody>
          {shown.map((shortcut) => (
            <tr key={shortcut.id}>
              <td>
                <kbd>{shortcut.keys}</kbd>
              </td>
              <td>{shortcut.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
