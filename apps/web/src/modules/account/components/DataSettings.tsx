import type { DataRequestView, UserInfo } from '@coderoom/contracts';
import { DATA_EXPORT_TTL_DAYS, DataRequestOutcome, DataRequestType, formatDate } from '@coderoom/domain';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useDataRequests } from '../api/useDataRequests';
import { useProcessDataRequest } from '../api/useProcessDataRequest';
import { DeleteAccountDialog } from './DeleteAccountDialog';

function sizeOf(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024 ? `${bytes} bytes` : `${Math.ceil(bytes / 1024)} KB`;
}

function ReadyDownload({ request }: { request: DataRequestView }) {
  if (!request.download_url) return null;
  return (
    <p className="data-download">
      <a className="btn btn-primary" href={request.download_url} download>
        Download your data (JSON, {sizeOf(request.export_bytes)})
      </a>
      {request.expires_at && (
        <span className="muted small"> Available until {formatDate(new Date(request.expires_at))}.</span>
      )}
    </p>
  );
}

/** Download my data (4000) and delete my account (4001), both processed by the server. */
export function DataSettings({ user }: { user: UserInfo }) {
  const requests = useDataRequests();
  const download = useProcessDataRequest();
  const [deleting, setDeleting] = useState(false);
  const latest = requests.data?.requests.find(
    (request) => request.request_type === DataRequestType.Download && request.download_url,
  );
  const made = download.data?.download_url ? download.data : latest;

  return (
    <div className="stack">
      <h3>Download my data</h3>
      <p>
        A JSON file with everything your account holds: profile and settings, progress, notes and highlights,
        answers, projects, comments and the courses you wrote. It stays available for {DATA_EXPORT_TTL_DAYS}{' '}
        days.
      </p>
      {download.error && <FormMessage tone="error">{download.error.message}</FormMessage>}
      {download.isSuccess && <FormMessage tone="success">Your data is ready.</FormMessage>}
      {made ? <ReadyDownload request={made} /> : null}
      <div>
        <Button
          variant={made ? 'secondary' : 'primary'}
          busy={download.isPending}
          onClick={() => download.mutate({ request_type: DataRequestType.Download })}
        >
          {made ? 'Prepare a new copy' : 'Prepare my data'}
        </Button>
      </div>

      <h3>Delete my account</h3>
      <p>
        Your account, progress, notes, answers and settings are deleted for good and you are signed out
        everywhere. Comments you wrote stay, shown as “Deleted User”. If you wrote courses, they stay online
        without your name, and the account is kept only as an empty, anonymous shell that nobody can sign in
        to.
      </p>
      <div>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete my account…
        </Button>
      </div>
      {deleting && <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} />}
      {requests.data && requests.data.requests.length > 0 && (
        <details>
          <summary>Earlier requests</summary>
          <ul className="data-requests">
            {requests.data.requests.map((request) => (
              <li key={request.id}>
                {request.request_type === DataRequestType.Download ? 'Download' : 'Deletion'} ·{' '}
                {formatDate(new Date(request.created_at))} ·{' '}
                {request.state === 'completed'
                  ? request.outcome === DataRequestOutcome.Retain
                    ? 'done (anonymised)'
                    : 'done'
                  : 'pending'}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
