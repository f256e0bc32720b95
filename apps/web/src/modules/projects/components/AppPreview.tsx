import { appProxyPath } from '@coderoom/contracts';
import { LiveContainerState } from '@coderoom/domain';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import { ApiError } from '../../api/ApiError';
import { useCheckApp } from '../api/useCheckApp';

type Preview =
  | { state: 'checking' }
  | { state: 'ready'; version: number }
  | { state: 'failed'; message: string };

/**
 * The learner's app as the browser sees it, through the app proxy. Each load first asks the proxy whether
 * the app answers, so "Your app refused to connect." / "App failed to respond!" are shown as messages
 * rather than as an error body inside the frame. The frame is sandboxed twice: by this attribute and by the
 * proxy's CSP, so the page never runs with our origin.
 */
export function AppPreview({ instanceId, port }: { instanceId: string; port: number }) {
  const path = appProxyPath(instanceId, port);
  const [preview, setPreview] = useState<Preview>({ state: 'checking' });
  // Check app: the server pings the app inside the sandbox and answers its state (running, ping app failed,
  // no response) without loading the page into the frame.
  const check = useCheckApp(instanceId, port);

  const load = useCallback(async () => {
    setPreview({ state: 'checking' });
    try {
      const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'text/html' } });
      // Only the proxy's own failures are JSON with an errorText; any other answer is the app's page.
      const body: unknown = response.ok ? null : await response.json().catch(() => null);
      const isProxyError = typeof body === 'object' && body !== null && 'errorText' in body;
      if (!isProxyError) {
        setPreview({ state: 'ready', version: Date.now() });
        return;
      }
      setPreview({ state: 'failed', message: ApiError.fromBody(response.status, body).errorText });
    } catch {
      setPreview({ state: 'failed', message: 'The preview could not be loaded. Check your connection.' });
    }
  }, [path]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="app-preview" aria-label="App preview">
      <div className="app-preview-bar small">
        <span className="app-preview-title">Preview</span>
        <span className="app-preview-address muted">localhost:{port}</span>
        <a href={path} target="_blank" rel="noreferrer noopener">
          Open in a new tab ↗
        </a>
        <Button variant="secondary" onClick={() => void load()} busy={preview.state === 'checking'}>
          ↻ Reload
        </Button>
        <Button variant="secondary" onClick={() => check.mutate()} busy={check.isPending}>
          Check app
        </Button>
      </div>
      {check.data && (
        <p className="small" role="status" data-testid="app-check">
          {check.data.status === LiveContainerState.Running
            ? `Your app is running on port ${port}.`
            : check.data.message}
        </p>
      )}
      {check.error && (
        <p className="small" role="alert">
          {check.error.message}
        </p>
      )}
      {preview.state === 'ready' && (
        <iframe
          key={preview.version}
          src={path}
          title="Your app"
          className="app-preview-frame"
          sandbox="allow-scripts allow-forms allow-popups"
        />
      )}
      {preview.state === 'failed' && (
        <div className="app-preview-message" role="alert" data-testid="preview-error">
          <strong>{preview.message}</strong>
          <p className="small muted">
            Start your app in the terminal (it must listen on port {port}), then press Reload.
          </p>
        </div>
      )}
      {preview.state === 'checking' && (
        <div className="app-preview-message muted small">Loading your app…</div>
      )}
    </section>
  );
}
