/**
 * Focuses the page's <main id="main"> (made focusable with tabindex -1, which shows no ring), so the
 * next Tab starts inside the content. Returns false when the page has no main yet.
 */
export function focusMain(): boolean {
  const main = document.getElementById('main');
  if (!main) return false;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
  return true;
}
