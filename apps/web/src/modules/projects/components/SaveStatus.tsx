import type { SaveState } from '../hooks/useAutosave';

const LABEL: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  error: 'Not saved: check your connection',
};

/** The autosave's state, announced politely. */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <span className={`project-save-status small ${state === 'error' ? 'is-error' : 'muted'}`} role="status">
      {LABEL[state]}
    </span>
  );
}
