import { HocuspocusProvider, WebSocketStatus } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { collabDocumentName, collabUrl, META_MAP, type SharedMap } from './utils/collabDocument';
import { cursorColor } from './utils/cursorColor';

export type CollabConnection = 'connecting' | 'live' | 'offline' | 'refused';

export interface CollabState {
  connection: CollabConnection;
  /** People with the lesson open, this tab included. */
  editors: number;
  /** Whether every local change has reached the server. */
  isSynced: boolean;
  /** The server's copy has arrived once: only then may a missing Y.Text be created. */
  hasLoaded: boolean;
  /** Viewer collaborators and reviewers follow the edits; the server drops their changes. */
  isReadOnly: boolean;
  refusal: string;
}

export interface CollabSession {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** The texts of one shared field, by comp_id. */
  shared(map: SharedMap): Y.Map<Y.Text>;
  meta: Y.Map<unknown>;
  getState(): CollabState;
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

/** A lesson by its address, or any document by name (work documents: `work:{id}`, docs/work.md). */
type SessionOptions = (
  | { authorId: number; collectionId: number; pageId: number; documentName?: undefined }
  | { documentName: string }
) & { user: { id: number; name: string } };

/**
 * One lesson's live document: a Yjs doc synced through the collaboration server over the page's own
 * origin (the session cookie authenticates it), with this user's name and cursor colour in awareness.
 * Loaded only by the page editor of collaborative courses.
 */
export function createCollabSession(options: SessionOptions): CollabSession {
  const { user } = options;
  const doc = new Y.Doc();
  const listeners = new Set<() => void>();
  let state: CollabState = {
    connection: 'connecting',
    editors: 1,
    isSynced: false,
    hasLoaded: false,
    isReadOnly: false,
    refusal: '',
  };
  const update = (patch: Partial<CollabState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const provider = new HocuspocusProvider({
    url: collabUrl(window.location),
    name: options.documentName ?? collabDocumentName(options.authorId, options.collectionId, options.pageId),
    document: doc,
    onStatus: ({ status }) =>
      update({
        connection:
          status === WebSocketStatus.Connected
            ? 'live'
            : status === WebSocketStatus.Connecting
              ? 'connecting'
              : 'offline',
      }),
    onAuthenticated: ({ scope }) => update({ isReadOnly: scope === 'readonly' }),
    onAuthenticationFailed: ({ reason }) => update({ connection: 'refused', refusal: reason }),
    onSynced: () => update({ isSynced: true, hasLoaded: true }),
    onUnsyncedChanges: ({ number }) => update({ isSynced: number === 0 }),
    onAwarenessChange: ({ states }) => update({ editors: Math.max(1, states.length) }),
  });
  provider.setAwarenessField('user', { name: user.name, ...cursorColor(user.id) });

  // A browser that says it is offline gets no more from its socket, even when the socket has not noticed
  // yet (a dropped network can hold a dead connection open for a long while): the session goes offline at
  // once, edits stay in the Y.Doc, and the socket opens again when the browser is back, which merges them.
  const goOffline = () => {
    provider.disconnect();
    update({ connection: 'offline' });
  };
  const goOnline = () => {
    void provider.connect();
  };
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);

  return {
    doc,
    provider,
    shared: (map) => doc.getMap<Y.Text>(map),
    meta: doc.getMap<unknown>(META_MAP),
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      listeners.clear();
      provider.destroy();
      doc.destroy();
    },
  };
}
