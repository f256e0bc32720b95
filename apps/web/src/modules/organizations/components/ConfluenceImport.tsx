import type {
  ConfluenceFetchResponse,
  ConfluenceImportItem,
  ConfluenceSettingsResponse,
} from '@coderoom/contracts';
import {
  ConfluenceImportState,
  ErrorMessages,
  POLLING_INTERVAL_MS,
  POLLING_MAX_RETRIES,
} from '@coderoom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { TextField } from '../../../ui/TextField';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { confluenceKey, useConfluenceSettings } from '../api/integrationQueries';
import { messageOf } from '../utils/messageOf';

// /enterprise-dashboard/confluence-integration: connect the organization's Confluence Cloud site, fetch its
// spaces, import one into a private course (the worker does it; this page polls every 5000 ms up to 15
// times, as the other asynchronous calls do), and the admin's recent imports.

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
type Status = { tone: 'success' | 'error' | 'info'; text: string } | null;

const STATE_LABEL: Record<ConfluenceImportItem['state'], string> = {
  running: 'Importing…',
  done: 'Imported',
  failed: 'Failed',
};

function ImportResult({ item }: { item: ConfluenceImportItem }) {
  if (item.state === ConfluenceImportState.Done && item.collection_id !== null) {
    return (
      <>
        <Link to={`/collection/${item.author_id}/${item.collection_id}`}>Open the course</Link>
        {' · '}
        <Link to={`/collectioneditor/${item.author_id}/${item.collection_id}`}>Edit in the studio</Link>
      </>
    );
  }
  return <>{item.error ?? ''}</>;
}

function Connection({ organizationId, data }: { organizationId: number; data: ConfluenceSettingsResponse }) {
  const queryClient = useQueryClient();
  const [baseUrl, setBaseUrl] = useState('');
  const [email, setEmail] = useState('');
  const [apiToken, setApiToken] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const { connection } = data;
  useEffect(() => {
    setBaseUrl(connection?.base_url ?? '');
    setEmail(connection?.email ?? '');
  }, [connection]);
  const store = (answer: ConfluenceSettingsResponse) =>
    queryClient.setQueryData(confluenceKey(organizationId), answer);
  const save = useMutation({
    mutationFn: () =>
      apiRequest(
        'PUT',
        `/api/organization/${organizationId}/confluence`,
        responseOf<ConfluenceSettingsResponse>(),
        {
          base_url: baseUrl.trim(),
          email: email.trim(),
          ...(apiToken ? { api_token: apiToken } : {}),
        },
      ),
    onSuccess: (answer) => {
      store(answer);
      setApiToken('');
      setStatus({ tone: 'success', text: 'Confluence is connected.' });
    },
    onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
  });
  const remove = useMutation({
    mutationFn: () =>
      apiRequest(
        'DELETE',
        `/api/organization/${organizationId}/confluence`,
        responseOf<ConfluenceSettingsResponse>(),
      ),
    onSuccess: (answer) => {
      store(answer);
      setStatus({ tone: 'success', text: 'Confluence is disconnected.' });
    },
    onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    save.mutate();
  };
  return (
    <section aria-labelledby="confluence-site-heading" className="org-section">
      <h2 id="confluence-site-heading">Confluence site</h2>
      <p className="muted">
        Use an Atlassian account that can read the spaces to import, with an API token made at
        id.atlassian.com (Security, API tokens). The token stays on our server.
      </p>
      <form className="org-form" onSubmit={submit} noValidate>
        {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
        <TextField
          label="Site address"
          type="url"
          hint="Such as https://your-team.atlassian.net"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          required
        />
        <TextField
          label="Atlassian account e-mail"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField
          label="API token"
          type="password"
          autoComplete="off"
          hint={connection?.has_api_token ? 'A token is saved; leave empty to keep it.' : undefined}
          value={apiToken}
          onChange={(event) => setApiToken(event.target.value)}
        />
        <div className="org-form-row">
          <Button type="submit" busy={save.isPending}>
            {connection ? 'Save connection' : 'Connect Confluence'}
          </Button>
          {connection && (
            <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
              Disconnect
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

function SpaceImport({ organizationId }: { organizationId: number }) {
  const queryClient = useQueryClient();
  const spaceId = useId();
  const [spaces, setSpaces] = useState<ConfluenceFetchResponse | null>(null);
  const [spaceKey, setSpaceKey] = useState('');
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [finished, setFinished] = useState<ConfluenceImportItem | null>(null);
  const base = `/api/organization/${organizationId}/confluence`;
  const load = useMutation({
    mutationFn: () => apiRequest('POST', `${base}/fetch`, responseOf<ConfluenceFetchResponse>(), {}),
    onSuccess: (answer) => {
      setSpaces(answer);
      setSpaceKey(answer.spaces[0]?.key ?? '');
      setStatus(answer.spaces.length === 0 ? { tone: 'info', text: 'This account sees no spaces.' } : null);
    },
    onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
  });
  const run = useMutation({
    mutationFn: async () => {
      const started = await apiRequest('POST', `${base}/import`, responseOf<ConfluenceImportItem>(), {
        space_key: spaceKey,
        ...(title.trim() ? { title: title.trim() } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: confluenceKey(organizationId) });
      for (let attempt = 0; attempt <= POLLING_MAX_RETRIES; attempt += 1) {
        const current = await apiRequest(
          'GET',
          `${base}/import/${started.id}`,
          responseOf<ConfluenceImportItem>(),
        );
        if (current.state !== ConfluenceImportState.Running) return current;
        if (attempt === 1) setStatus({ tone: 'info', text: ErrorMessages.SlowOperation });
        if (attempt < POLLING_MAX_RETRIES) await sleep(POLLING_INTERVAL_MS);
      }
      return null;
    },
    onMutate: () => {
      setFinished(null);
      setStatus({ tone: 'info', text: 'Importing…' });
    },
    onSuccess: (item) => {
      setFinished(item);
      if (!item) setStatus({ tone: 'info', text: ErrorMessages.SlowOperation });
      else if (item.state === ConfluenceImportState.Done) {
        setStatus({ tone: 'success', text: `Imported ${item.page_count ?? 0} pages into a private course.` });
      } else setStatus({ tone: 'error', text: item.error ?? ErrorMessages.DefaultFailure });
    },
    onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: confluenceKey(organizationId) }),
  });
  const chosen = spaces?.spaces.find((space) => space.key === spaceKey);
  return (
    <section aria-labelledby="confluence-import-heading" className="org-section">
      <h2 id="confluence-import-heading">Import a space</h2>
      <p className="muted">
        Each page of the space becomes a lesson of a new private course that only you can see until you share
        it. Up to 200 pages; images and attachments are left out.
      </p>
      <div className="org-form">
        {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
        {finished?.state === ConfluenceImportState.Done && (
          <p>
            <ImportResult item={finished} />
          </p>
        )}
        {!spaces ? (
          <Button variant="secondary" busy={load.isPending} onClick={() => load.mutate()}>
            Load spaces
          </Button>
        ) : (
          spaces.spaces.length > 0 && (
            <form
              className="org-form"
              onSubmit={(event) => {
                event.preventDefault();
                run.mutate();
              }}
            >
              <div className="field">
                <label htmlFor={spaceId}>Space</label>
                <select id={spaceId} value={spaceKey} onChange={(event) => setSpaceKey(event.target.value)}>
                  {spaces.spaces.map((space) => (
                    <option key={space.key} value={space.key}>
                      {space.name} ({space.key})
                    </option>
                  ))}
                </select>
              </div>
              <TextField
                label="Course title"
                hint={chosen ? `Leave empty to use “${chosen.name}”.` : undefined}
                value={title}
                maxLength={200}
                onChange={(event) => setTitle(event.target.value)}
              />
              <Button type="submit" busy={run.isPending} disabled={!spaceKey}>
                Import space
              </Button>
            </form>
          )
        )}
      </div>
    </section>
  );
}

export function ConfluenceImport({ organizationId }: { organizationId: number }) {
  const settings = useConfluenceSettings(organizationId);
  if (settings.isPending) return <PageLoading label="Loading Confluence" />;
  if (settings.isError) return <FormMessage tone="error">{messageOf(settings.error)}</FormMessage>;
  const { data } = settings;
  return (
    <>
      <Connection organizationId={organizationId} data={data} />
      {data.connection && <SpaceImport organizationId={organizationId} />}
      {data.imports.length > 0 && (
        <section aria-labelledby="confluence-imports-heading" className="org-section">
          <h2 id="confluence-imports-heading">Your imports</h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take focus to scroll by keyboard (axe scrollable-region-focusable) */}
          <section className="table-scroll" aria-label="Your Confluence imports" tabIndex={0}>
            <table className="org-table">
              <caption className="visually-hidden">Your Confluence imports</caption>
              <thead>
                <tr>
                  <th scope="col">Space</th>
                  <th scope="col">Started</th>
                  <th scope="col">State</th>
                  <th scope="col">Lessons</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {data.imports.map((item) => (
                  <tr key={item.id}>
                    <td>
                      {item.space_name} ({item.space_key})
                    </td>
                    <td>{new Date(item.created).toLocaleString()}</td>
                    <td>{STATE_LABEL[item.state]}</td>
                    <td>{item.page_count ?? '–'}</td>
                    <td>
                      <ImportResult item={item} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
      )}
    </>
  );
}
