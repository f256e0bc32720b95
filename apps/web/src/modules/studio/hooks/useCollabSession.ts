import { useEffect, useState } from 'react';
import type { CollabSession } from '../../collab/createCollabSession';

interface Options {
  isEnabled: boolean;
  authorId: number;
  collectionId: number;
  pageId: number;
  user: { id: number; name: string } | null;
}

/**
 * Opens the lesson's live document when the course is collaborative. The Yjs and Hocuspocus code is
 * imported here on demand, so neither the reader nor the editor of other courses downloads it.
 */
export function useCollabSession({ isEnabled, authorId, collectionId, pageId, user }: Options) {
  const [session, setSession] = useState<CollabSession | null>(null);
  const userId = user?.id;
  const userName = user?.name;

  useEffect(() => {
    if (!isEnabled || userId === undefined || userName === undefined) return;
    let isCurrent = true;
    let created: CollabSession | null = null;
    void import('../../collab/createCollabSession').then(({ createCollabSession }) => {
      if (!isCurrent) return;
      created = createCollabSession({ authorId, collectionId, pageId, user: { id: userId, name: userName } });
      setSession(created);
    });
    return () => {
      isCurrent = false;
      created?.destroy();
      setSession(null);
    };
  }, [isEnabled, authorId, collectionId, pageId, userId, userName]);

  return session;
}
