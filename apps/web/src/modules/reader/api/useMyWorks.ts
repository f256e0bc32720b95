import type { MyWorksResponse, MyWorksTab } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';
import { responseOf } from './responseOf';

export function useMyWorks(tab: MyWorksTab) {
  return useQuery({
    queryKey: readerKeys.myWorks(tab),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/reader/my-works?tab=${tab}`, responseOf<MyWorksResponse>(), undefined, {
        signal,
      }),
  });
}
