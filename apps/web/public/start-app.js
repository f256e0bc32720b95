// On a page the server rendered (apps/server modules/prerender) the page is already on screen: the app's
// code is asked for only after the browser has painted it, so the first paint waits for nothing but the
// HTML. The entry and the page's chunks are named by this script's data attributes.
(() => {
  const script = document.currentScript;
  if (!script) return;
  // A visitor may leave a rendered page (a plain link) before the app has run: keep the landing query and
  // the referrer for the app's growth tracker (modules/growth, pending_landing) so the attribution is not lost.
  try {
    const query = new URLSearchParams(window.location.search);
    const landing = [
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'gclid',
      'msclkid',
      'fbclid',
      'click_id',
      'ref',
    ];
    if (landing.some((name) => query.has(name)) || document.referrer) {
      window.localStorage.setItem(
        'pending_landing',
        JSON.stringify({ search: window.location.search, referrer: document.referrer, at: Date.now() }),
      );
    }
  } catch {
    // No storage: nothing is kept, as in the app itself.
  }
  const entry = script.dataset.entry;
  const chunks = (script.dataset.preload || '').split(' ').filter(Boolean);
  const start = () => {
    for (const href of chunks) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  };
  // After the next frame has been painted (a hidden tab paints no frames: start at once).
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else start();
})();
