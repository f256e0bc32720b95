import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted and has a moment to spare. Heavy
 * enhancements (the code editor) wait for it, so the lesson's text is never held up by them.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setReady(true), 50);
    return () => window.clearTimeout(timer);
  }, []);
  return ready;
}
