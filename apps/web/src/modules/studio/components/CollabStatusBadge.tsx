import { useSyncExternalStore } from 'react';
import type { CollabSession } from '../../collab/createCollabSession';

/** "Live — 2 editing" while connected; says so when offline (edits wait and merge on reconnect). */
export function CollabStatusBadge({ session }: { session: CollabSession }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const text =
    state.connection === 'refused'
      ? `Live editing unavailable: ${state.refusal}`
      : state.connection === 'live'
        ? `Live — ${state.editors} editing${state.isReadOnly ? ' (read-only)' : ''}${state.isSynced ? '' : ' · syncing…'}`
        : state.connection === 'connecting'
          ? 'Live — connecting…'
          : 'Offline — your edits will merge when the connection is back';
  return (
    <p
      className={`small studio-collab-badge studio-collab-${state.connection}`}
      role="status"
      aria-live="polite"
    >
      <span className="studio-collab-dot" aria-hidden="true" />
      {text}
    </p>
  );
}
