import type { AuthorCollection } from '@coderoom/contracts';
import { ItemStatus, isOfflineStatus, OfflineMessages } from '@coderoom/domain';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { useSetItemStatus } from '../api/useSetItemStatus';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Online or offline for readers (item status 101/103/104, docs/content-model.md "Offline"). The server says
 * which statuses this user may set (`status_choices`): an author takes the course offline and back, an
 * admin does so as the platform (104), which the author then cannot undo.
 */
export function OfflineSwitch({ collection }: { collection: AuthorCollection }) {
  const setStatus = useSetItemStatus(collection.author_id, collection.collection_id);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices = collection.status_choices;
  const offline = isOfflineStatus(collection.status) ? collection.status : null;
  // An admin takes content offline as the platform; its author as the author.
  const offlineAs = choices.includes(ItemStatus.OfflineByAdmin)
    ? ItemStatus.OfflineByAdmin
    : choices.includes(ItemStatus.OfflineByAuthor)
      ? ItemStatus.OfflineByAuthor
      : null;

  const change = (status: 101 | 103 | 104) => {
    setError(null);
    setStatus.mutate(status, {
      onSuccess: () => setConfirming(false),
      onError: (failure) => {
        setConfirming(false);
        setError(failure instanceof ApiError ? failure.errorText : 'Could not change whether it is online.');
      },
    });
  };

  if (offline === null && offlineAs === null) return null;
  return (
    <section className="card section studio-offline" aria-labelledby="studio-offline-heading">
      <h2 id="studio-offline-heading">{offline === null ? 'Online' : 'Offline'}</h2>
      {offline === null ? (
        <p className="small muted">Readers can find and open the published version.</p>
      ) : (
        <p className="small">
          {offline === ItemStatus.OfflineByAdmin
            ? 'A platform admin took this offline.'
            : 'You took this offline.'}{' '}
          Readers see: “{OfflineMessages[offline]}” You still see and edit it here.
        </p>
      )}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="studio-header-actions">
        {offline !== null && choices.includes(ItemStatus.Enabled) && (
          <Button busy={setStatus.isPending} onClick={() => change(ItemStatus.Enabled)}>
            Bring back online
          </Button>
        )}
        {offline === null && offlineAs !== null && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {offlineAs === ItemStatus.OfflineByAdmin ? 'Take offline as admin' : 'Take offline'}
          </Button>
        )}
        {offline === ItemStatus.OfflineByAuthor && choices.includes(ItemStatus.OfflineByAdmin) && (
          <Button
            variant="secondary"
            busy={setStatus.isPending}
            onClick={() => change(ItemStatus.OfflineByAdmin)}
          >
            Keep offline as admin
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Take it offline?"
        message={`Readers will no longer find or open it; they will see: “${offlineAs === null ? '' : OfflineMessages[offlineAs]}” You can bring it back at any time.`}
        confirmLabel="Take offline"
        danger
        busy={setStatus.isPending}
        onConfirm={() => offlineAs !== null && change(offlineAs)}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
