import type { Certificate } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from './responseOf';

/** Public verification of one certificate by its hash. */
export function useCertificate(hash: string) {
  return useQuery({
    queryKey: ['certificate', hash],
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/certificates/verify/${encodeURIComponent(hash)}`,
        responseOf<Certificate>(),
        undefined,
        {
          signal,
          suppressUnauthorizedRedirect: true,
        },
      ),
    retry: false,
  });
}
