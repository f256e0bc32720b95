import { useState } from 'react';
import { useNavigate } from 'react-router';
import { itemEditorTexts } from '../utils/itemEditorTexts';
import { moveListItem } from '../utils/moveListItem';
import { useDraftSave } from './useDraftSave';
import { useEditorShortcuts } from './useEditorShortcuts';

export type EditorMessage = { tone: 'success' | 'error' | 'info'; text: string };

/** For an item of an ordered list (a question, a task): it can be moved and deleted. */
export interface ListItemOptions {
  /** The list's ids in the order the server has them. */
  ids: readonly number[];
  /** The item edited; null while a new one is added. */
  itemId: number | null;
  reorder: (ids: number[]) => Promise<unknown>;
  isReordering: boolean;
  remove: (itemId: number) => Promise<unknown>;
  isRemoving: boolean;
  /** Where the editor goes once its item is deleted. */
  listPath: string;
}

export interface ItemEditorOptions<Draft, Saved> {
  /** What is edited, for the messages: "question", "task", "project". */
  noun: string;
  initialDraft: () => Draft;
  /** What Save sends: two drafts that send the same are the same (no unsaved changes). */
  toRequest: (draft: Draft) => unknown;
  canEdit: boolean;
  /** The eTag of the list or document as this editor last read it. */
  etag: string;
  /** Not stored yet: Save is offered before any change. */
  isNew: boolean;
  /** Stores the draft if `etag` is still the stored version's (else the server's 409). */
  save: (draft: Draft, etag: string) => Promise<Saved>;
  isSaving: boolean;
  onSaved?: (saved: Saved) => void;
  /** The stored version's eTag, read anew: the Conflicts dialog's Save sends it to overwrite. */
  overwriteEtag: () => Promise<string>;
  /** Start with the "saved" message: the item was just created by this page and remounted since. */
  announceSaved?: boolean;
  /** Where the Back shortcut goes. */
  backPath: string;
  list?: ListItemOptions;
}

/**
 * The state of an editor of one thing (a question, a task, a project's details): its draft, Save with
 * the eTag, the Conflicts dialog and the unsaved-changes guard (useDraftSave), the messages, the keyboard
 * shortcuts and, for an item of a list, Move up/down and Delete.
 */
export function useItemEditor<Draft, Saved>(options: ItemEditorOptions<Draft, Saved>) {
  const { canEdit, list } = options;
  const navigate = useNavigate();
  const texts = itemEditorTexts(options.noun);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<EditorMessage | null>(
    options.announceSaved ? { tone: 'success', text: texts.saved } : null,
  );
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isShowingShortcuts, setIsShowingShortcuts] = useState(false);
  const drafts = useDraftSave<Draft, Saved>({
    initialDraft: options.initialDraft,
    toRequest: options.toRequest,
    etag: options.etag,
    save: options.save,
    freshEtag: options.overwriteEtag,
    notSaved: texts.notSaved,
    onSettled: (outcome) => {
      if (outcome.ok) {
        setErrors({});
        setMessage({ tone: 'success', text: texts.saved });
        options.onSaved?.(outcome.saved);
      } else if (!outcome.failure.isConflict) {
        setErrors(outcome.failure.errors);
        setMessage({ tone: 'error', text: outcome.failure.text });
      }
    },
  });
  const { draft, setDraft, isDirty, conflict } = drafts;
  const isSaving = options.isSaving || drafts.isSaving;
  const itemId = list?.itemId ?? null;
  const index = list && itemId !== null ? list.ids.indexOf(itemId) : -1;

  const move = async (offset: -1 | 1) => {
    if (!list || itemId === null) return;
    if (isDirty) {
      setMessage({ tone: 'info', text: texts.saveBeforeMoving });
      return;
    }
    const target = index + offset;
    if (index < 0 || target < 0 || target >= list.ids.length) return;
    try {
      await list.reorder(moveListItem(list.ids, index, offset));
      setMessage({ tone: 'success', text: `Moved to position ${target + 1}.` });
    } catch (error) {
      // A stale order is not overwritten: the list shown may no longer be the server's.
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : texts.orderNotSaved });
    }
  };

  const remove = async () => {
    if (!list || itemId === null) return;
    try {
      await list.remove(itemId);
      // Nothing is left to save: the guard lets the editor go.
      drafts.adopt(draft, drafts.etag);
      navigate(list.listPath, { replace: true });
    } catch (error) {
      setIsConfirmingDelete(false);
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : texts.notDeleted });
    }
  };

  const saveNow = () => {
    setMessage(null);
    void drafts.submit();
  };

  useEditorShortcuts(
    {
      save: () => {
        if (canEdit && !isSaving) saveNow();
      },
      back: () => navigate(options.backPath),
      ...(list && {
        moveUp: () => void move(-1),
        moveDown: () => void move(1),
        delete: () => {
          if (itemId !== null && canEdit) setIsConfirmingDelete(true);
        },
      }),
      help: () => setIsShowingShortcuts(true),
    },
    !conflict.isOpen && !isConfirmingDelete,
  );

  return {
    texts,
    draft,
    setDraft,
    errors,
    message,
    isDirty,
    canEdit,
    isNew: options.isNew,
    isSaving,
    save: saveNow,
    isConflict: conflict.isOpen,
    isOverwriting: conflict.isOverwriting,
    overwrite: conflict.overwrite,
    cancelConflict: conflict.close,
    blocker: drafts.blocker,
    isShowingShortcuts,
    setIsShowingShortcuts,
    /** Move and Delete, for an item of a list. */
    listItem: list && {
      itemId,
      index,
      count: list.ids.length,
      isReordering: list.isReordering,
      isRemoving: list.isRemoving,
      moveUp: () => void move(-1),
      moveDown: () => void move(1),
      isConfirmingDelete,
      askDelete: () => setIsConfirmingDelete(true),
      cancelDelete: () => setIsConfirmingDelete(false),
      confirmDelete: () => void remove(),
    },
  };
}

export type ItemEditor<Draft> = ReturnType<typeof useItemEditor<Draft, unknown>>;
