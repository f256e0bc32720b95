// Runs in <head>, long before the app's code has downloaded. On a lesson URL it asks for the lesson (or,
// logged out, its course's outline) and for who is signed in right away, and preloads the lesson page's
// code (the build fills in the chunk list: vite-plugins/earlyData.ts), so all of it arrives while the
// app's entry is still loading.
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
  // Only a browser with the logged-in marker has someone to ask about (modules/session/hasLoggedInMarker.ts).
  const loggedIn = /(?:^|;\s*)cr_logged_in=/.test(document.cookie);
  if (loggedIn || lesson[4]) {
    ask(
      `/api/reader/collection/${lesson[1]}/${lesson[2]}/page/${lesson[3]}${lesson[4] ? '?draft=true' : ''}`,
    );
  } else {
    // A visitor's lesson page reads the public course outline first: a locked lesson is never asked for.
    ask(`/api/reader/collection/${lesson[1]}/${lesson[2]}`);
  }
  if (loggedIn) ask('/api/user/info');
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
    // Vite's loader asks for the stylesheet with crossorigin: the preload must match or it goes unused.
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
})();
