import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusMain } from './focusMain';

/** How long a page may take to show its <main> (lazy code, then data) before we stop waiting. */
const WAIT_FOR_MAIN_MS = 10_000;

/**
 * After a navigation to another page, keyboard and screen-reader users start at the new page's content:
 * its <main id="main"> takes focus (programmatically, tabindex -1) once it is on screen. The first page
 * load keeps the browser's own start (the skip link is the first stop; its main is only made focusable),
 * and a page that already put focus somewhere (a form field, a dialog), or a user who clicked elsewhere
 * meanwhile, keeps it.
 */
export function useFocusMainOnNavigate(): void {
  const { pathname } = useLocation();
  const isFirst = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new page
  useEffect(() => {
    const isFirstPage = isFirst.current;
    isFirst.current = false;
    const focusedBefore = document.activeElement;
    const deadline = performance.now() + WAIT_FOR_MAIN_MS;
    let frame = 0;
    const tryFocus = () => {
      const main = document.getElementById('main');
      if (!main) {
        if (performance.now() < deadline) frame = requestAnimationFrame(tryFocus);
        return;
      }
      if (isFirstPage) {
        // Only made focusable, so the skip link (href="#main") moves focus there, not just the view.
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        return;
      }
      const active = document.activeElement;
      const isUntouched = !active || active === document.body || active === focusedBefore;
      if (isUntouched && !main.contains(active)) focusMain();
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
