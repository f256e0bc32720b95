import './itemEditor.css';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import type { ItemEditor } from '../hooks/useItemEditor';
import { ConfirmDialog } from './ConfirmDialog';
import { ConflictDialog } from './ConflictDialog';
import { ShortcutsDialog } from './ShortcutsDialog';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

const LIST_ITEM_SHORTCUTS = ['save', 'back', 'moveUp', 'moveDown', 'delete', 'help'] as const;
const SINGLE_SHORTCUTS = ['save', 'back', 'help'] as const;

/**
 * The right-hand side of an item editor (useItemEditor): heading, Unsaved changes, Move up/down, Delete
 * and Save, the message of the last action, the form, and the editor's dialogs. Class names start with
 * `classPrefix` (`assessment-editor` gives `assessment-editor-main`, `-main-header`, `-actions`).
 */
export function ItemEditorPanel<Draft>({
  editor,
  classPrefix,
  headingId,
  heading,
  deleteMessage,
  notice,
  children,
}: {
  editor: ItemEditor<Draft>;
  classPrefix: string;
  headingId: string;
  /** By default "Question 3" or "New question" for an item of a list. */
  heading?: string;
  /** What the Delete confirmation says will happen, for an item of a list. */
  deleteMessage?: string;
  /** Shown between the header and the message, e.g. that the editor is read-only. */
  notice?: ReactNode;
  /** The form. */
  children: ReactNode;
}) {
  const { listItem, texts } = editor;
  const position = listItem && listItem.itemId !== null ? listItem.index + 1 : null;
  return (
    <section className={`${classPrefix}-main`} aria-labelledby={headingId}>
      <header className={`${classPrefix}-main-header`}>
        <h2 id={headingId}>{heading ?? texts.heading(position)}</h2>
        {editor.isDirty && <span className="badge">Unsaved changes</span>}
        {editor.canEdit && (
          <div className={`${classPrefix}-actions`}>
            {listItem && position !== null && (
              <>
                <Button
                  variant="ghost"
                  onClick={listItem.moveUp}
                  disabled={listItem.index <= 0 || listItem.isReordering}
                >
                  Move up
                </Button>
                <Button
                  variant="ghost"
                  onClick={listItem.moveDown}
                  disabled={listItem.index >= listItem.count - 1 || listItem.isReordering}
                >
                  Move down
                </Button>
                <Button variant="danger" onClick={listItem.askDelete}>
                  Delete
                </Button>
              </>
            )}
            <Button onClick={editor.save} busy={editor.isSaving} disabled={!editor.isDirty && !editor.isNew}>
              {texts.save}
            </Button>
          </div>
        )}
      </header>
      {notice}
      {editor.message && <FormMessage tone={editor.message.tone}>{editor.message.text}</FormMessage>}
      {children}
      {listItem && (
        <ConfirmDialog
          open={listItem.isConfirmingDelete}
          title={texts.deleteTitle}
          message={deleteMessage ?? ''}
          confirmLabel="Delete"
          danger
          busy={listItem.isRemoving}
          onConfirm={listItem.confirmDelete}
          onCancel={listItem.cancelDelete}
        />
      )}
      <ConflictDialog
        open={editor.isConflict}
        busy={editor.isSaving}
        onSave={editor.overwrite}
        onCancel={editor.cancelConflict}
      />
      <ShortcutsDialog
        open={editor.isShowingShortcuts}
        onOpenChange={editor.setIsShowingShortcuts}
        available={listItem ? LIST_ITEM_SHORTCUTS : SINGLE_SHORTCUTS}
      />
      <UnsavedChangesDialog blocker={editor.blocker} />
    </section>
  );
}
