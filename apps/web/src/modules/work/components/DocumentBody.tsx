import { lazy, Suspense, useMemo } from 'react';
import { PageLoading } from '../../../ui/PageLoading';
import { useUserInfo } from '../../session/hooks/useUserInfo';

// The editor brings Yjs, Hocuspocus and CodeMirror: loaded only when a document is opened.
const WorkDocumentEditor = lazy(async () => ({
  default: (await import('./WorkDocumentEditor')).WorkDocumentEditor,
}));

/** A document's text, co-edited live with everyone who has it open. */
export function DocumentBody({ itemId, body, canEdit }: { itemId: number; body: string; canEdit: boolean }) {
  const { data: user } = useUserInfo();
  const userId = user?.user_id;
  const name = user?.full_name ?? '';
  const person = useMemo(() => (userId ? { id: userId, name } : null), [userId, name]);
  return (
    <section className="work-section" aria-labelledby="work-doc-heading">
      <h2 id="work-doc-heading">Text</h2>
      {person && (
        <Suspense fallback={<PageLoading label="Loading the editor" />}>
          <WorkDocumentEditor itemId={itemId} initialText={body} user={person} canEdit={canEdit} />
        </Suspense>
      )}
    </section>
  );
}
