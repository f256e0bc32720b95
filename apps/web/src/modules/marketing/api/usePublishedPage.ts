import { PublishedPageSchema } from '@coderoom/contracts';
import { EditorPageKind } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { marketingKeys } from './marketingKeys';

/** A published marketing page (/m/{url}) or blog post (/blog/{url}), as a visitor reads it. */
export function usePublishedPage(kind: EditorPageKind, url: string) {
  const path =
    kind === EditorPageKind.Blog
      ? `/api/blog/post/${encodeURIComponent(url)}`
      : `/api/m/${encodeURIComponent(url)}`;
  return useQuery({
    queryKey: marketingKeys.published(kind, url),
    queryFn: ({ signal }) => apiRequest('GET', path, PublishedPageSchema, undefined, { signal }),
    retry: false,
  });
}
