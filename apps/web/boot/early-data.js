// Runs in <head>, long before the app's code has downloaded. On a lesson URL it asks for the lesson and
// for who is signed in right away, and preloads the lesson page's code (the build fills in the chunk
// list: vite-plugins/earlyData.ts), so all of it arrives while the app's entry is still loading.
// apiClient.ts takes each answer once (takeEarlyResponse); anything not taken is simply ignored.
(() => {
  const lesson = /^\/(?:collection|module)\/page\/(\d+)\/(\d+)\/(\d+)(\/draft)?\/?$/.exec(
    window.location.pathname,
  );
  if (!lesson) return;
  const early = {};
  const ask = (path) => {
    early[path] = fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    // A failed early request is retried by the app itself; never report it as unhandled.
    early[path].catch(() => undefined);
  };
  ask(`/api/reader/collection/${lesson[1]}/${lesson[2]}/page/${lesson[3]}${lesson[4] ? '?draft=true' : ''}`);
  ask('/api/user/info');
  window.__coderoomEarly = early;
  const chunks = [] /* lesson chunks */;
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  const styles = [] /* lesson styles */;
  for (const href of styles) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'style';
    link.href = href;
    document.head.appendChild(link);
  }
})();
