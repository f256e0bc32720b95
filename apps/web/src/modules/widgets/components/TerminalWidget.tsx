import type { WidgetOf } from '@coderoom/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { LiveTerminal } from '../../terminal/components/LiveTerminal';
import { SandboxConflictMessage } from '../../terminal/components/SandboxConflictMessage';
import { sandboxesToStop } from '../../terminal/utils/sandboxConflict';
import { useTerminalWidgetInstance } from '../hooks/useTerminalWidgetInstance';
import type { WidgetContext } from '../WidgetContext';

/**
 * A shell in a live instance, inside the lesson. Nothing starts until the learner presses Start: an
 * instance is a scarce sandbox (two per learner), not something every page view should take.
 */
export function TerminalWidget({
  widget,
  context,
}: {
  widget: WidgetOf<'Terminal'>;
  context: WidgetContext;
}) {
  const { content } = widget;
  const [started, setStarted] = useState(false);
  const [stopFirst, setStopFirst] = useState<string | null>(null);
  const page = context.page;
  const instance = useTerminalWidgetInstance(
    page ?? { author_id: 0, collection_id: 0, page_id: 0 },
    widget.comp_id,
    content.imageName,
    started && page !== undefined,
    stopFirst,
  );

  let body: React.ReactNode;
  if (!page) {
    body = <p className="muted small">The terminal starts in the lesson.</p>;
  } else if (!started) {
    body = (
      <div className="terminal-widget-start">
        <p className="small muted">
          A shell in your own sandbox ({content.imageName}). It keeps running while you read this course.
        </p>
        <Button onClick={() => setStarted(true)}>▶ Start terminal</Button>
      </div>
    );
  } else if (instance.isPending) {
    body = (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> Starting your sandbox…
      </p>
    );
  } else if (instance.isError) {
    body =
      sandboxesToStop(instance.error).length > 0 ? (
        <SandboxConflictMessage error={instance.error} onStop={setStopFirst} />
      ) : (
        <FormMessage tone="error">
          {instance.error.message}{' '}
          <Button variant="secondary" onClick={() => void instance.refetch()}>
            Try again
          </Button>
        </FormMessage>
      );
  } else {
    body = <LiveTerminal instanceId={instance.data.instanceId} onRestart={() => void instance.refetch()} />;
  }

  return (
    <section className="card widget-card terminal-widget" aria-label="Terminal">
      {content.caption && <p className="widget-pad widget-caption small muted">{content.caption}</p>}
      <div className="widget-pad">{body}</div>
    </section>
  );
}
