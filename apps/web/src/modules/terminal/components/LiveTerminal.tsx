import { lazy, Suspense } from 'react';
import '../terminal.css';
import type { TerminalEvent } from './TerminalView';

// xterm.js is large: it loads with the first terminal, never with the main bundle.
const TerminalView = lazy(() =>
  import('./TerminalView').then((module) => ({ default: module.TerminalView })),
);

/** A terminal in the learner's instance, loaded on demand. */
export function LiveTerminal({
  instanceId,
  onRestart,
  onEvent,
}: {
  instanceId: string;
  onRestart?: () => void;
  onEvent?: (event: TerminalEvent) => void;
}) {
  return (
    <Suspense
      fallback={
        <div className="terminal-panel">
          <div className="terminal-bar small">
            <span className="terminal-title">Terminal</span>
            <span className="muted">Loading…</span>
          </div>
          <div className="terminal-screen" />
        </div>
      }
    >
      <TerminalView instanceId={instanceId} onRestart={onRestart} onEvent={onEvent} />
    </Suspense>
  );
}
