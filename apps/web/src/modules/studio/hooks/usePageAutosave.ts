import type { AuthorPageResponse, SavePageRequest } from '@coderoom/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/ApiError';
import { useSavePage } from '../api/useSavePage';

/** Autosave waits for a pause in typing this long. */
export const AUTOSAVE_DELAY_MS = 1500;

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'conflict';

interface Options {
  pageId: number;
  initialEtag: string;
  /** The page as it is now; read when a save starts. */
  readBody: () => SavePageRequest;
  onSaved: (result: AuthorPageResponse) => void;
}

/**
 * Saves a page a moment after each edit and on demand, one request at a time, always against the last
 * eTag the server gave. Edits made while a save is in flight are saved right after it. A 409 stops
 * autosaving until the author decides (overwrite or discard).
 */
export function usePageAutosave({ pageId, initialEtag, readBody, onSaved }: Options) {
  const save = useSavePage(pageId);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [errorText, setErrorText] = useState('');
  const etag = useRef(initialEtag);
  const editCount = useRef(0);
  const savedCount = useRef(0);
  const inFlight = useRef(false);
  const again = useRef(false);
  const isConflict = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef({ readBody, onSaved });
  latest.current = { readBody, onSaved };

  const saveNow = useCallback(
    async (basedOn?: string): Promise<boolean> => {
      window.clearTimeout(timer.current);
      if (inFlight.current) {
        again.current = true;
        return false;
      }
      inFlight.current = true;
      const sentAt = editCount.current;
      setStatus('saving');
      let ok = false;
      try {
        const result = await save.mutateAsync({
          etag: basedOn ?? etag.current,
          request: latest.current.readBody(),
        });
        etag.current = result.page.etag;
        savedCount.current = sentAt;
        isConflict.current = false;
        latest.current.onSaved(result);
        ok = true;
        setStatus(editCount.current > sentAt ? 'pending' : 'saved');
        if (editCount.current > sentAt) again.current = true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          isConflict.current = true;
          setStatus('conflict');
        } else {
          setStatus('error');
          setErrorText(
            error instanceof ApiError ? error.errorText : 'Could not save. Check your connection.',
          );
        }
      } finally {
        inFlight.current = false;
      }
      if (again.current && !isConflict.current) {
        again.current = false;
        void saveNow();
      }
      return ok;
    },
    [save],
  );

  /** Call after every edit. */
  const markEdited = useCallback(() => {
    editCount.current += 1;
    if (isConflict.current) return;
    setStatus('pending');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
  }, [saveNow]);

  /** After the editor reloaded the page from the server: nothing is unsaved and `freshEtag` is current. */
  const reset = useCallback((freshEtag: string) => {
    window.clearTimeout(timer.current);
    etag.current = freshEtag;
    savedCount.current = editCount.current;
    isConflict.current = false;
    setStatus('saved');
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { status, errorText, saveNow, markEdited, reset };
}
