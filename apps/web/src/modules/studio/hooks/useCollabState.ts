import { useSyncExternalStore } from 'react';
import type { CollabSession, CollabState } from '../../collab/createCollabSession';

const noSubscription = () => () => {};
const noState = () => null;

/** The live document's connection state, or null when the lesson is not co-edited. */
export function useCollabState(session: CollabSession | null): CollabState | null {
  return useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getState ?? noState);
}
