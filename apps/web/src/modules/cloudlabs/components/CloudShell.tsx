import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { LiveTerminal } from '../../terminal/components/LiveTerminal';
import { SandboxConflictMessage } from '../../terminal/components/SandboxConflictMessage';
import type { useLabSession } from '../hooks/useLabSession';
import { CLOUD_LABS_NOT_ENABLED } from '../utils/cloudLabsNotEnabled';

const STATE_LABEL = {
  allocating: 'Starting…',
  running: 'Running',
  stopped: 'Stopped',
  'other-lab': 'Not started',
  failed: 'Failed to start',
  'not-enabled': 'Not available',
} as const;

/** The lab's CloudShell: its state, the terminal while it runs, Stop lab, and the lab's events. */
export function CloudShell({ session }: { session: ReturnType<typeof useLabSession> }) {
  const { state } = session;
  return (
    <section className="cloudlab-shell" aria-label="CloudShell">
      <div className="cloudlab-shell-bar">
        <h2 className="cloudlab-shell-title">CloudShell</h2>
        <span className={`badge cloudlab-state is-${state}`} data-testid="lab-state">
          {STATE_LABEL[state]}
        </span>
        {state === 'running' && (
          <Button variant="secondary" busy={session.isStopping} onClick={() => void session.stop()}>
            Stop lab
          </Button>
        )}
      </div>

      {state === 'allocating' && (
        <div className="card cloudlab-shell-note" role="status">
          <span className="spinner" aria-hidden="true" /> Starting your lab…
        </div>
      )}
      {state === 'running' && session.limitNotice && (
        <FormMessage tone="error">
          <span data-testid="lab-limit-notice">{session.limitNotice}</span>{' '}
          <Button variant="secondary" onClick={session.dismissLimitNotice}>
            Dismiss
          </Button>
        </FormMessage>
      )}
      {state === 'running' && session.instanceId && (
        <LiveTerminal
          instanceId={session.instanceId}
          onRestart={session.retry}
          onEvent={session.onTerminalEvent}
        />
      )}
      {state === 'not-enabled' && (
        <div className="card cloudlab-shell-note" data-testid="lab-not-enabled">
          <p>{CLOUD_LABS_NOT_ENABLED}</p>
        </div>
      )}
      {state === 'stopped' && (
        <div className="card cloudlab-shell-note">
          <p>
            Your lab is stopped. Starting it again gives you a fresh workspace with the same lab variables;
            files you made are gone.
          </p>
          <Button onClick={session.start}>Start lab</Button>
        </div>
      )}
      {state === 'other-lab' && session.error && (
        <SandboxConflictMessage error={session.error} onStop={session.stopOtherAndStart} />
      )}
      {state === 'failed' && (
        <FormMessage tone="error">
          {session.error?.message}{' '}
          <Button variant="secondary" onClick={session.retry}>
            Try again
          </Button>
        </FormMessage>
      )}

      {session.events.length > 0 && (
        <details className="cloudlab-events small">
          <summary>Lab events ({session.events.length})</summary>
          <ol aria-live="polite">
            {session.events.map((event) => (
              <li key={`${event.at.getTime()}-${event.kind}`} data-kind={event.kind}>
                <time dateTime={event.at.toISOString()}>{event.at.toLocaleTimeString()}</time> {event.text}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
