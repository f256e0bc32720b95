import { ScheduledReportListSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

export function useScheduledReports() {
  return useQuery({
    queryKey: workKeys.reports,
    queryFn: () => apiRequest('GET', '/api/workflows/scheduled-reports', ScheduledReportListSchema),
    select: (response) => response.reports,
  });
}
