import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../modules/api/ApiError';

/** The app's one query cache; the router's loaders warm it before a page's code has arrived. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors will not fix themselves by retrying.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});
