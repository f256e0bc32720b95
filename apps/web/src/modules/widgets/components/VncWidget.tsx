import type { WidgetOf } from '@coderoom/contracts';
import { DesktopMessages } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { SandboxConflictMessage } from '../../terminal/components/SandboxConflictMessage';
import { sandboxesToStop } from '../../terminal/utils/sandboxConflict';
import { startDesktop } from '../api/startDesktop';
import { useTerminalWidgetInstance } from '../hooks/useTerminalWidgetInstance';
import type { WidgetContext } from '../WidgetContext';

// noVNC loads with the first desktop, never with the main bundle.
const VncScreen = lazy(() => import('./vnc/VncScreen').then((module) => ({ default: module.VncScreen })));

/**
 * A remote desktop in a live instance (docs/widgets.md "VNC"). Nothing starts until the learner presses
 * Start: the course's sandbox is allocated from the widget's desktop profile, its desktop started, and noVNC
 * connects through the server's relay.
 */
export function VncWidget({ widget, context }: { widget: WidgetOf<'VNC'>; context?: WidgetContext }) {
  const { content } = widget;
  const [started, setStarted] = useState(false);
  const [stopFirst, setStopFirst] = useState<string | null>(null);
  const page = context?.page;
  const instance = useTerminalWidgetInstance(
    page ?? { author_id: 0, collection_id: 0, page_id: 0 },
    widget.comp_id,
    content.imageName,
    started && page !== undefined,
    stopFirst,
    'VNC',
  );
  const instanceId = instance.data?.instanceId ?? null;
  const desktop = useQuery({
    queryKey: ['vnc-desktop', instanceId, content.width, content.height],
    enabled: instanceId !== null,
    queryFn: () => startDesktop(instanceId ?? '', { width: content.width, height: content.height }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const restart = () => {
    void instance.refetch();
  };

  let body: React.ReactNode;
  if (!page) {
    body = <p className="muted small">The desktop starts in the lesson.</p>;
  } else if (!started) {
    body = (
      <div className="terminal-widget-start">
        <p className="small muted">
          A desktop in your own sandbox ({content.imageName}), without network. It keeps running while you
          read this course.
        </p>
        <Button onClick={() => setStarted(true)}>▶ Start desktop</Button>
      </div>
    );
  } else if (instance.isPending || (instanceId && desktop.isPending)) {
    body = (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> Starting your desktop…
      </p>
    );
  } else if (instance.isError) {
    body =
      sandboxesToStop(instance.error).length > 0 ? (
        <SandboxConflictMessage error={instance.error} onStop={setStopFirst} />
      ) : (
        <FormMessage tone="error">
          {instance.error.message}{' '}
          <Button variant="secondary" onClick={restart}>
            Try again
          </Button>
        </FormMessage>
      );
  } else if (desktop.isError) {
    const noDesktop = desktop.error instanceof ApiError && desktop.error.status === 409;
    body = (
      <FormMessage tone="error">
        <p className="sandbox-conflict-text">
          {noDesktop ? DesktopMessages.NoDesktop : desktop.error.message}
          {desktop.error instanceof ApiError && desktop.error.errors?.desktop
            ? ` ${desktop.error.errors.desktop}`
            : ''}
        </p>
        {noDesktop && instanceId ? (
          <Button variant="secondary" onClick={() => setStopFirst(instanceId)}>
            Stop that sandbox and start the desktop
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void desktop.refetch()}>
            Try again
          </Button>
        )}
      </FormMessage>
    );
  } else if (instanceId) {
    body = (
      <Suspense
        fallback={
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Loading the desktop viewer…
          </p>
        }
      >
        <VncScreen
          instanceId={instanceId}
          width={content.width}
          height={content.height}
          onRestart={restart}
        />
      </Suspense>
    );
  }

  return (
    <section className="card widget-card vnc-widget" aria-label="Remote desktop">
      {content.caption && <p className="widget-pad widget-caption small muted">{content.caption}</p>}
      <div className="widget-pad">{body}</div>
    </section>
  );
}
