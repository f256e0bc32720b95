import './app/zodConfig';
import { loadsUserInfoAtStart } from '@coderoom/domain';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/queryClient';
import { router } from './app/router';
import { fetchUserInfo, USER_INFO_KEY } from './modules/session/hooks/userInfoQuery';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// A public page the server rendered for a visitor (apps/server modules/prerender) comes with the answers it
// was rendered from: the app starts from them, so its first render is the page already on screen.
const prerendered = document.getElementById('prerendered-state');
if (prerendered?.textContent) hydrate(queryClient, JSON.parse(prerendered.textContent));

// Who is signed in is needed by nearly every page: ask while the first page's code is still loading.
if (!prerendered && loadsUserInfoAtStart(window.location.pathname)) {
  void queryClient.prefetchQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo, staleTime: 60_000 });
}

/** Resolves once the router has loaded the first page's code (its lazy routes and loaders). */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Marks the page as the app's once React has committed its first render (it then replaced the rendered
 * page): `#root` loses `data-prerendered`. Until then a rendered page is only text and links; tests (and any
 * script) that need the app wait for this.
 */
function TakenOver() {
  useEffect(() => {
    root?.removeAttribute('data-prerendered');
  }, []);
  return null;
}

function start() {
  createRoot(root as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <TakenOver />
      </QueryClientProvider>
    </StrictMode>,
  );
}

// The rendered page stays on screen until the app can draw the same page (never the empty loading frame);
// React then takes the element over in one commit.
if (root.dataset.prerendered !== undefined) void routerReady().then(start);
else start();
