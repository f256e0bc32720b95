import { useEffect, useRef, useState } from 'react';
import type { TaskAddress } from '../api/TaskAddress';
import { useSaveTaskProgress } from '../api/useSaveTaskProgress';

/** Typing pauses this long before the task's code is saved. */
const AUTOSAVE_DELAY_MS = 800;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/**
 * Saves a task's code (POST …/progress) shortly after the learner stops typing, and once more when
 * they leave the task, so a reload or the next visit restores it. Nothing is saved before the
 * project is begun (currentAttempt 0 or no mode).
 */
export function useAutosave(address: TaskAddress, currentAttempt: number, enabled: boolean, value: string) {
  const save = useSaveTaskProgress();
  const [state, setState] = useState<SaveState>('idle');
  const lastSaved = useRef(value);
  const latest = useRef(value);
  latest.current = value;
  const { mutate } = save;

  useEffect(() => {
    if (!enabled || value === lastSaved.current) return;
    const timer = setTimeout(() => {
      setState('saving');
      mutate(
        { address, currentAttempt, sourceCode: value },
        {
          onSuccess: () => {
            lastSaved.current = value;
            setState('saved');
          },
          onError: () => setState('error'),
        },
      );
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [address, currentAttempt, enabled, value, mutate]);

  // Leaving the task within the delay still keeps the last edit.
  useEffect(
    () => () => {
      if (enabled && latest.current !== lastSaved.current) {
        mutate({ address, currentAttempt, sourceCode: latest.current });
      }
    },
    [address, currentAttempt, enabled, mutate],
  );

  return state;
}
