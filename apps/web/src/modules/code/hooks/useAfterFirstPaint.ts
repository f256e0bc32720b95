import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted and has a moment to spare. Heavy
 * enhancements (the code editor) wait for it, so the lesson's text is never held up by them.
 */
const PRESENTATION_MARGIN_MS = 250;

export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | null = null;
    let timer: number | null = null;
    // A task queued from an animation frame runs after that frame has been rendered; the frame reaches the
    // screen a little later still, so give it a moment, then wait for an idle one (at most 500 ms).
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') {
          idle = window.requestIdleCallback(() => setReady(true), { timeout: 500 });
        } else {
          setReady(true);
        }
      }, PRESENTATION_MARGIN_MS);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      if (timer !== null) window.clearTimeout(timer);
      if (idle !== null) window.cancelIdleCallback(idle);
    };
  }, []);
  return ready;
}
