import { useMemo, useRef } from 'react';

/** Served by the server with its own Content-Security-Policy (apps/server/src/modules/spa/spa.frame.ts). */
const FRAME_URL = '/api/spa/frame';

/** A cheap fingerprint, so a new page gets a fresh frame (old timers and listeners die with the old one). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return `${text.length}:${hash >>> 0}`;
}

interface SandboxFrameProps {
  html: string;
  title: string;
  height?: number;
}

function Frame({ html, title, height }: SandboxFrameProps) {
  const posted = useRef(false);
  return (
    <iframe
      className="widget-frame"
      title={title}
      src={FRAME_URL}
      sandbox="allow-scripts"
      style={height ? { height } : undefined}
      onLoad={(event) => {
        // The frame loads twice: the shell, then the page it writes into itself. Send the page once.
        if (posted.current) return;
        posted.current = true;
        event.currentTarget.contentWindow?.postMessage({ type: 'coderoom:render', html }, '*');
      }}
    />
  );
}

/**
 * Learner or author code running in a frame. sandbox="allow-scripts" without allow-same-origin gives
 * the frame an opaque origin: its scripts run but cannot reach the app's cookies, storage or DOM.
 * The page is posted into a server-served shell rather than set as srcdoc, because a srcdoc frame
 * inherits the app's Content-Security-Policy, which forbids inline scripts. The target origin is '*'
 * because a sandboxed frame has no origin to name; the page is the reader's own code, not a secret.
 */
export function SandboxFrame(props: SandboxFrameProps) {
  const key = useMemo(() => fingerprint(props.html), [props.html]);
  return <Frame key={key} {...props} />;
}
