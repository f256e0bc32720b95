// On a page the server rendered (apps/server modules/prerender) the page is already on screen: the app's
// code is asked for only after the browser has painted it, so the first paint waits for nothing but the
// HTML. The entry and the page's chunks are named by this script's data attributes.
(() => {
  const script = document.currentScript;
  if (!script) return;
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
