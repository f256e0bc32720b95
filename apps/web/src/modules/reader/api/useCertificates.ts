import type { Certificate } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';
import { responseOf } from './responseOf';

export function useCertificates() {
  return useQuery({
    queryKey: readerKeys.certificates,
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        '/api/get-all-certificates',
        responseOf<{ certificates: Certificate[] }>(),
        undefined,
        {
          signal,
        },
      ),
  });
}
