import { useQuery } from '@tanstack/react-query';
import { type CourseAddress, courseHomeQuery } from './courseHomeQuery';

export function useCourseHome(address: CourseAddress, options: { enabled?: boolean } = {}) {
  return useQuery({ ...courseHomeQuery(address), enabled: options.enabled ?? true });
}
