import '../modules/studio/studio.css';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { CreateCollectionForm } from '../modules/studio/components/CreateCollectionForm';
import { MyCollectionRow } from '../modules/studio/components/MyCollectionRow';
import { ProgressToast, type ToastState } from '../modules/studio/components/ProgressToast';
import { useRecentCollections } from '../modules/studio/hooks/useRecentCollections';

const TOAST_MS = 4000;
/** Long enough to read the success toast before the editor opens. */
const OPEN_EDITOR_DELAY_MS = 700;

function Teach() {
  usePageTitle('Teach');
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const { addresses, remember, forget } = useRecentCollections(user?.user_id);
  const [toast, setToast] = useState<ToastState | null>(null);

  useEffect(() => {
    if (!toast || toast.tone === 'progress') return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <h1>Teach</h1>
        <p className="muted">Create courses, write lessons with live code, and send them for review.</p>
      </header>

      <CreateCollectionForm
        onToast={setToast}
        onCreated={(created) => {
          const address = { authorId: created.author_id, collectionId: created.collection_id };
          remember(address);
          window.setTimeout(
            () => navigate(`/collectioneditor/${address.authorId}/${address.collectionId}`),
            OPEN_EDITOR_DELAY_MS,
          );
        }}
      />

      <section className="card section" aria-labelledby="studio-mine-heading">
        <h2 id="studio-mine-heading">Your courses</h2>
        {addresses.length === 0 ? (
          <p className="muted">
            Courses you create or edit on this device appear here. Create your first one above.
          </p>
        ) : (
          <ul className="studio-collection-list">
            {addresses.map((address) => (
              <MyCollectionRow
                key={`${address.authorId}/${address.collectionId}`}
                authorId={address.authorId}
                collectionId={address.collectionId}
                onForget={() => forget(address)}
              />
            ))}
          </ul>
        )}
      </section>
      <ProgressToast toast={toast} onClose={() => setToast(null)} />
    </main>
  );
}

export function TeachPage() {
  return (
    <RequireUser>
      <Teach />
    </RequireUser>
  );
}
