import { useState } from 'react';
import { describeSaveFailure, type SaveFailure } from '../utils/describeSaveFailure';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

// The one save flow of the studio's editors (issue 13 "Code shape"): a draft against the last saved
// copy, Save with the eTag it was based on (spec 000 §7), a 409 opening the Conflicts dialog whose Save
// overwrites on the stored version's eTag read anew, and the unsaved-changes guard. The page editor
// autosaves and merges live lessons (usePageAutosave); it shares the Conflicts dialog's flow.

/**
 * The Conflicts dialog (spec 000 §8): open after a save met a newer version; its Save reads the stored
 * version's eTag anew and saves on it (`saveOn`, which also decides whether the dialog closes).
 */
export function useConflictDialog({
  freshEtag,
  saveOn,
}: {
  freshEtag: () => Promise<string>;
  saveOn: (etag: string) => Promise<unknown>;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [isOverwriting, setIsOverwriting] = useState(false);
  const overwrite = async () => {
    setIsOverwriting(true);
    try {
      await saveOn(await freshEtag());
    } finally {
      setIsOverwriting(false);
    }
  };
  return {
    isOpen,
    open: () => setIsOpen(true),
    close: () => setIsOpen(false),
    isOverwriting,
    overwrite: () => void overwrite(),
  };
}

export type DraftSaveOutcome<Saved> =
  | { ok: true; saved: Saved }
  | { ok: false; failure: SaveFailure; error: unknown };

export interface DraftSaveOptions<Draft, Saved> {
  initialDraft: () => Draft;
  /** What Save sends: two drafts that send the same are the same (no unsaved changes). */
  toRequest: (draft: Draft) => unknown;
  /**
   * The eTag the next save is based on, when the caller follows it (an item of a list reads it from the
   * list's query). Left out, the hook keeps it: `initialEtag`, then each saved answer's (`fromSaved`).
   */
  etag?: string;
  initialEtag?: string;
  /** Stores the draft if `etag` is still the stored version's (else the server's 409). */
  save: (draft: Draft, etag: string) => Promise<Saved>;
  /**
   * The saved copy as the server answered it, which becomes the draft and the baseline, with its eTag.
   * Left out, the draft sent becomes the baseline.
   */
  fromSaved?: (saved: Saved) => { draft: Draft; etag: string };
  /** The stored version's eTag, read anew: the Conflicts dialog's Save sends it to overwrite. */
  freshEtag: () => Promise<string>;
  /** The message of a failure that carries none. */
  notSaved: string;
  /** After every save, Save's and the Conflicts dialog's alike: the editor's messages. */
  onSettled?: (outcome: DraftSaveOutcome<Saved>) => void;
}

/**
 * A draft and its save: dirty when it would send something else than the saved copy; `submit` saves
 * on the current eTag (or `basedOn`) and answers what happened; a 409 opens the Conflicts dialog. While
 * a save is in flight the guard is off, so the navigation right after a save is not blocked.
 */
export function useDraftSave<Draft, Saved>(options: DraftSaveOptions<Draft, Saved>) {
  const [baseline, setBaseline] = useState(options.initialDraft);
  const [draft, setDraft] = useState(baseline);
  const [ownEtag, setOwnEtag] = useState(options.initialEtag ?? '');
  const [isSaving, setIsSaving] = useState(false);
  const etag = options.etag ?? ownEtag;
  const isDirty = JSON.stringify(options.toRequest(draft)) !== JSON.stringify(options.toRequest(baseline));
  const blocker = useUnsavedChangesGuard(isDirty && !isSaving);

  /** Takes `next` as the saved copy (after a save, or server data newer than an unchanged draft). */
  const adopt = (next: Draft, nextEtag: string) => {
    setBaseline(next);
    setDraft(next);
    setOwnEtag(nextEtag);
  };

  const attempt = async (basedOn: string): Promise<DraftSaveOutcome<Saved>> => {
    const sent = draft;
    setIsSaving(true);
    try {
      const saved = await options.save(sent, basedOn);
      const answered = options.fromSaved?.(saved);
      if (answered) adopt(answered.draft, answered.etag);
      else setBaseline(sent);
      conflict.close();
      return { ok: true, saved };
    } catch (error) {
      const failure = describeSaveFailure(error, options.notSaved);
      if (failure.isConflict) conflict.open();
      else conflict.close();
      return { ok: false, failure, error };
    } finally {
      setIsSaving(false);
    }
  };

  const submit = async (basedOn: string = etag): Promise<DraftSaveOutcome<Saved>> => {
    const outcome = await attempt(basedOn);
    options.onSettled?.(outcome);
    return outcome;
  };

  const conflict = useConflictDialog({ freshEtag: options.freshEtag, saveOn: (fresh) => submit(fresh) });

  return { draft, setDraft, baseline, isDirty, etag, isSaving, submit, adopt, conflict, blocker };
}

export type DraftSave<Draft, Saved> = ReturnType<typeof useDraftSave<Draft, Saved>>;
