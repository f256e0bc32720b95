import { useQuery } from '@tanstack/react-query';
import { lessonQuery } from './lessonQuery';

export function useLesson(authorId: number, collectionId: number, pageId: number, draft: boolean) {
  return useQuery(lessonQuery(authorId, collectionId, pageId, draft));
}
