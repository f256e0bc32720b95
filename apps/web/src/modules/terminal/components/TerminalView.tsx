import '@xterm/xterm/css/xterm.css';
import {
  type TerminalClientMessage,
  TerminalCloseCode,
  TerminalExitMessageSchema,
  TerminalLimitMessageSchema,
} from '@coderoom/contracts';
import { SocketState } from '@coderoom/domain';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { EditorExitHint } from '../../code/components/EditorExitHint';
import { escapeThenTab } from '../utils/escapeThenTab';
import { terminalSocketUrl } from '../utils/terminalSocketUrl';

export type TerminalSocketState = (typeof SocketState)[keyof typeof SocketState];

/** Waits between reconnects after a dropped socket: 1 s, 2 s, 4 s … at most 10 s. */
const reconnectDelay = (attempt: number) => Math.min(10_000, 1000 * 2 ** attempt);

const LABELS: Record<TerminalSocketState, string> = {
  [SocketState.Offline]: 'Connecting…',
  [SocketState.Connected]: 'Connected',
  [SocketState.Disconnected]: 'Disconnected, reconnecting…',
  [SocketState.Terminated]: 'The shell has ended',
  [SocketState.ForceClosed]: 'Closed by the server',
};

/** What a terminal reports to its page (spec 000 §4 cloud lab workspace events). */
export type TerminalEvent =
  | { kind: 'connected' }
  | { kind: 'disconnected' }
  | { kind: 'size changed'; cols: number; rows: number }
  | { kind: 'limit exceeded'; limit: 'memory' | 'processes' | 'disk'; message: string };

interface TerminalViewProps {
  instanceId: string;
  onEvent?: (event: TerminalEvent) => void;
  /** Starts the sandbox again after the server closed it (it stopped, e.g. after being idle). */
  onRestart?: () => void;
}

/** Reconnects in a row before giving up: the instance is most likely gone. */
const MAX_RECONNECTS = 6;

/**
 * A shell in the learner's instance (xterm.js over /api/instances/{id}/terminal). Output arrives as binary
 * frames, keystrokes and size changes go back as JSON. A dropped socket reconnects to the same shell (the
 * server keeps it and replays its recent output); a shell that ended can be started again.
 */
export function TerminalView({ instanceId, onRestart, onEvent }: TerminalViewProps) {
  const host = useRef<HTMLDivElement>(null);
  // The latest callback, read by the socket handlers without reopening the terminal.
  const report = useRef(onEvent);
  report.current = onEvent;
  const [state, setState] = useState<TerminalSocketState>(SocketState.Offline);
  const [session, setSession] = useState(0);
  const hintId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session value opens a new shell
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const styles = getComputedStyle(document.documentElement);
    const terminal = new Terminal({
      cursorBlink: true,
      fontFamily: styles.getPropertyValue('--font-mono') || 'monospace',
      fontSize: 14,
      // Room below the baseline: at 1.0 some monospace fonts lose their underscores to the next row.
      lineHeight: 1.15,
      scrollback: 5000,
      theme: {
        background: styles.getPropertyValue('--code-bg').trim() || '#101522',
        foreground: styles.getPropertyValue('--code-text').trim() || '#e6e9f2',
      },
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    // Tab completes in the shell; Escape then Tab leaves, like the code editors (WCAG 2.1.2).
    terminal.attachCustomKeyEventHandler(escapeThenTab());
    terminal.open(element);
    terminal.textarea?.setAttribute('aria-describedby', hintId);
    fit.fit();

    let socket: WebSocket | null = null;
    let attempt = 0;
    let retry: number | undefined;
    let disposed = false;
    const send = (message: TerminalClientMessage) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    };

    const connect = () => {
      const current = new WebSocket(terminalSocketUrl(instanceId, terminal.cols, terminal.rows));
      current.binaryType = 'arraybuffer';
      socket = current;
      current.onopen = () => {
        attempt = 0;
        // The server replays the shell's recent output: start from a clean screen.
        terminal.reset();
        setState(SocketState.Connected);
        // No focus here: taking it would pull keyboard users away from where they are on the page.
        report.current?.({ kind: 'connected' });
      };
      current.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
        if (typeof event.data !== 'string') {
          terminal.write(new Uint8Array(event.data));
          return;
        }
        const message: unknown = JSON.parse(event.data);
        const limit = TerminalLimitMessageSchema.safeParse(message);
        if (limit.success) {
          report.current?.({ kind: 'limit exceeded', limit: limit.data.limit, message: limit.data.message });
          return;
        }
        const exit = TerminalExitMessageSchema.safeParse(message);
        if (exit.success && exit.data.reason === 'terminated') {
          terminal.write(
            `\r\n[The shell exited${exit.data.exit_code === null ? '' : ` with code ${exit.data.exit_code}`}.]\r\n`,
          );
        }
      };
      current.onclose = (event) => {
        if (disposed || socket !== current) return;
        if (event.code === TerminalCloseCode.Terminated) {
          setState(SocketState.Terminated);
        } else if (event.code === TerminalCloseCode.ForceClosed) {
          setState(SocketState.ForceClosed);
        } else if (attempt >= MAX_RECONNECTS) {
          setState(SocketState.ForceClosed);
        } else {
          setState(SocketState.Disconnected);
          if (attempt === 0) report.current?.({ kind: 'disconnected' });
          retry = window.setTimeout(connect, reconnectDelay(attempt));
          attempt += 1;
        }
      };
    };

    const input = terminal.onData((data) => send({ type: 'input', data }));
    const resized = terminal.onResize(({ cols, rows }) => {
      send({ type: 'resize', cols, rows });
      report.current?.({ kind: 'size changed', cols, rows });
    });
    const observer = new ResizeObserver(() => fit.fit());
    observer.observe(element);
    connect();

    return () => {
      disposed = true;
      window.clearTimeout(retry);
      observer.disconnect();
      input.dispose();
      resized.dispose();
      socket?.close();
      terminal.dispose();
    };
  }, [instanceId, session, hintId]);

  const isEnded = state === SocketState.Terminated || state === SocketState.ForceClosed;
  return (
    <div className="terminal-panel">
      <div className="terminal-bar small">
        <span className="terminal-title">Terminal</span>
        <span
          className={`terminal-state is-${state.replace(' ', '-')}`}
          data-testid="terminal-state"
          role="status"
        >
          <span className="terminal-dot" aria-hidden="true" />
          {LABELS[state]}
        </span>
        {isEnded && (
          <Button
            variant="secondary"
            onClick={() => {
              if (state === SocketState.ForceClosed) onRestart?.();
              setState(SocketState.Offline);
              setSession((value) => value + 1);
            }}
          >
            {state === SocketState.Terminated ? 'Start a new shell' : 'Start the sandbox again'}
          </Button>
        )}
      </div>
      <div className="has-exit-hint">
        <div ref={host} className="terminal-screen" data-testid="terminal" />
        <EditorExitHint id={hintId} what="terminal" />
      </div>
    </div>
  );
}
