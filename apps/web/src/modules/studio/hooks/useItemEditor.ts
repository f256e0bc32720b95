import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeSaveFailure } from '../utils/describeSaveFailure';
import { itemEditorTexts } from '../utils/itemEditorTexts';
import { moveListItem } from '../utils/moveListItem';
import { useEditorShortcuts } from './useEditorShortcuts';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

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
  /** Stores the draft; a null eTag overwrites whatever is stored. */
  save: (draft: Draft, etag: string | null) => Promise<Saved>;
  isSaving: boolean;
  onSaved?: (saved: Saved) => void;
  /** The eTag the Conflicts dialog's Save sends; by default none, which overwrites. */
  overwriteEtag?: () => Promise<string | null>;
  /** Start with the "saved" message: the item was just created by this page and remounted since. */
  announceSaved?: boolean;
  /** Where the Back shortcut goes. */
  backPath: string;
  list?: ListItemOptions;
}

/**
 * The state of an editor of one thing (a question, a task, a project's details): its draft against the
 * last saved copy, Save with the eTag and the Conflicts dialog, the unsaved-changes guard, the keyboard
 * shortcuts and, for an item of a list, Move up/down and Delete.
 */
export function useItemEditor<Draft, Saved>(options: ItemEditorOptions<Draft, Saved>) {
  const { canEdit, etag, isSaving, list } = options;
  const navigate = useNavigate();
  const texts = itemEditorTexts(options.noun);
  const [baseline, setBaseline] = useState(options.initialDraft);
  const [draft, setDraft] = useState(baseline);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<EditorMessage | null>(
    options.announceSaved ? { tone: 'success', text: texts.saved } : null,
  );
  const [isConflict, setIsConflict] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isShowingShortcuts, setIsShowingShortcuts] = useState(false);
  const isDirty = JSON.stringify(options.toRequest(draft)) !== JSON.stringify(options.toRequest(baseline));
  // While the save is in flight the guard is off, so the navigation right after a save is not blocked.
  const blocker = useUnsavedChangesGuard(isDirty && !isSaving);
  const itemId = list?.itemId ?? null;
  const index = list && itemId !== null ? list.ids.indexOf(itemId) : -1;

  const submit = async (sentEtag: string | null) => {
    setMessage(null);
    try {
      const saved = await options.save(draft, sentEtag);
      setErrors({});
      setIsConflict(false);
      setBaseline(draft);
      setMessage({ tone: 'success', text: texts.saved });
      options.onSaved?.(saved);
    } catch (error) {
      const failure = describeSaveFailure(error, texts.notSaved);
      if (failure.isConflict) {
        setIsConflict(true);
        return;
      }
      setIsConflict(false);
      setErrors(failure.errors);
      setMessage({ tone: 'error', text: failure.text });
    }
  };

  const overwrite = async () => {
    await submit(options.overwriteEtag ? await options.overwriteEtag() : null);
  };

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
      setBaseline(draft);
      navigate(list.listPath, { replace: true });
    } catch (error) {
      setIsConfirmingDelete(false);
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : texts.notDeleted });
    }
  };

  const saveNow = () => void submit(etag);

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
    !isConflict && !isConfirmingDelete,
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
    isConflict,
    overwrite: () => void overwrite(),
    cancelConflict: () => setIsConflict(false),
    blocker,
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
