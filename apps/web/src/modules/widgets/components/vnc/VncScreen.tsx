import RFB from '@novnc/novnc';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../ui/Button';

type ScreenState = 'connecting' | 'connected' | 'disconnected';

const STATE_TEXT: Record<ScreenState, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  disconnected: 'Disconnected',
};

/** The desktop's VNC socket: the server relays it to the VNC server inside the learner's instance. */
function vncUrl(instanceId: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/instances/${encodeURIComponent(instanceId)}/vnc`;
}

/**
 * The learner's desktop drawn by noVNC into a canvas, scaled down to the width available (never up). The
 * socket carries the session cookie; the server checks that the instance is the learner's. A lost
 * connection offers Reconnect; `onRestart` starts the sandbox again when it was stopped.
 */
export function VncScreen({
  instanceId,
  width,
  height,
  onRestart,
}: {
  instanceId: string;
  width: number;
  height: number;
  onRestart: () => void;
}) {
  const screen = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ScreenState>('connecting');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reconnects on purpose.
  useEffect(() => {
    const target = screen.current;
    if (!target) return;
    setState('connecting');
    const rfb = new RFB(target, vncUrl(instanceId), { wsProtocols: ['binary'], shared: true });
    rfb.scaleViewport = true;
    rfb.resizeSession = false;
    rfb.background = 'var(--code-bg)';
    const onConnect = () => setState('connected');
    const onDisconnect = () => setState('disconnected');
    rfb.addEventListener('connect', onConnect);
    rfb.addEventListener('disconnect', onDisconnect);
    return () => {
      rfb.removeEventListener('connect', onConnect);
      rfb.removeEventListener('disconnect', onDisconnect);
      try {
        rfb.disconnect();
      } catch {
        // Already disconnected.
      }
    };
  }, [instanceId, attempt]);

  return (
    <div className="vnc-panel">
      <div className="vnc-bar small">
        <span className="vnc-title">Desktop</span>
        <span className={`vnc-state vnc-state-${state}`} role="status">
          {STATE_TEXT[state]}
        </span>
        {state === 'disconnected' && (
          <span className="vnc-actions">
            <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
              Reconnect
            </Button>
            <Button variant="secondary" onClick={onRestart}>
              Start again
            </Button>
          </span>
        )}
      </div>
      <div
        ref={screen}
        className="vnc-screen"
        role="application"
        aria-label={`Remote desktop, ${width} by ${height} pixels`}
        data-state={state}
        style={{ maxWidth: width, aspectRatio: `${width} / ${height}` }}
      />
      <p className="small muted vnc-hint">
        Click the desktop to use its mouse and keyboard; click outside it to leave.
      </p>
    </div>
  );
}
