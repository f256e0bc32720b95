import './app/zodConfig';
import { loadsUserInfoAtStart } from '@coderoom/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/queryClient';
import { router } from './app/router';
import { fetchUserInfo, USER_INFO_KEY } from './modules/session/hooks/userInfoQuery';
import './app/styles.css';

// Who is signed in is needed by nearly every page: ask while the first page's code is still loading.
if (loadsUserInfoAtStart(window.location.pathname)) {
  void queryClient.prefetchQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo, staleTime: 60_000 });
}

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
