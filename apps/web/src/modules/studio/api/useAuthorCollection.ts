import { useQuery } from '@tanstack/react-query';
import { authorCollectionQuery } from './authorCollectionQuery';

export function useAuthorCollection(authorId: number, collectionId: number) {
  return useQuery(authorCollectionQuery(authorId, collectionId));
}
