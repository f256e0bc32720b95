import { useQuery } from '@tanstack/react-query';
import { lessonQuery } from './lessonQuery';

export function useLesson(
  authorId: number,
  collectionId: number,
  pageId: number,
  draft: boolean,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...lessonQuery(authorId, collectionId, pageId, draft),
    enabled: options.enabled ?? true,
  });
}
