import type {
  CreateShotResponse,
  MyShot,
  PublishShotResponse,
  SaveShotRequest,
  ShotBookmarkResponse,
  ShotDraftResponse,
  ShotLikeResponse,
  ShotListResponse,
  ShotProps,
  ShotResponse,
  ShotSharesResponse,
} from '@coderoom/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { responseOf } from '../../reader/api/responseOf';
import { gzipJson } from '../../studio/utils/gzipJson';

// The answers calls (spec 000 §7 "Shots"; docs/answers.md).

export const answerKeys = {
  all: ['answers'] as const,
  list: (search: string) => ['answers', 'list', search] as const,
  byUrl: (url: string) => ['answers', 'url', url] as const,
  props: (id: number) => ['answers', 'props', id] as const,
  draft: (id: number) => ['answers', 'draft', id] as const,
  mine: ['answers', 'mine'] as const,
};

const SHOT = (id: number) => `/api/edpresso/shot/${id}`;

export function useAnswerList(query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: answerKeys.list(search),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/edpresso/shots?${search}`, responseOf<ShotListResponse>(), undefined, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAnswerByUrl(url: string) {
  return useQuery({
    queryKey: answerKeys.byUrl(url),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/edpresso/shot/url/${encodeURIComponent(url)}`,
        responseOf<ShotResponse>(),
        undefined,
        {
          signal,
          suppressUnauthorizedRedirect: true,
        },
      ),
    retry: false,
  });
}

export function useAnswerProps(id: number | undefined) {
  return useQuery({
    queryKey: answerKeys.props(id ?? 0),
    enabled: id !== undefined,
    queryFn: ({ signal }) =>
      apiRequest('GET', `${SHOT(id ?? 0)}/props?status=published`, responseOf<ShotProps>(), undefined, {
        signal,
        suppressUnauthorizedRedirect: true,
      }),
  });
}

/** Like/unlike and bookmark/unbookmark: the props query follows the answer. */
export function useAnswerAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'like' | 'unlike' | 'bookmark' | 'unbookmark' | 'shares') =>
      apiRequest(
        'POST',
        `${SHOT(id)}/${action}`,
        responseOf<ShotLikeResponse | ShotBookmarkResponse | ShotSharesResponse>(),
        {},
        { suppressUnauthorizedRedirect: true },
      ),
    onSuccess: (result) => {
      client.setQueryData<ShotProps>(answerKeys.props(id), (props) =>
        props ? { ...props, ...result } : props,
      );
    },
  });
}

export function useMyAnswers(enabled: boolean) {
  return useQuery({
    queryKey: answerKeys.mine,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/edpresso/my-shots', responseOf<{ items: MyShot[] }>(), undefined, { signal }),
  });
}

export function useCreateAnswer() {
  return useMutation({
    mutationFn: (title: string) =>
      apiRequest('POST', '/api/edpresso/shot/id', responseOf<CreateShotResponse>(), title ? { title } : {}),
  });
}

export function useAnswerDraft(id: number) {
  return useQuery({
    queryKey: answerKeys.draft(id),
    queryFn: ({ signal }) =>
      apiRequest('GET', `${SHOT(id)}?status=draft`, responseOf<ShotDraftResponse>(), undefined, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useAnswerDraftProps(id: number) {
  return useQuery({
    queryKey: [...answerKeys.draft(id), 'props'],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${SHOT(id)}/props?status=draft`, responseOf<ShotProps>(), undefined, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Saves the whole draft against its eTag, gzip-compressed like the studio's page saves. */
export function useSaveAnswer(id: number) {
  return useMutation({
    mutationFn: ({ etag, request }: { etag: string; request: SaveShotRequest }) =>
      apiRequest('PUT', SHOT(id), responseOf<ShotDraftResponse>(), gzipJson(request), {
        headers: { ...etagHeaders(etag), 'content-encoding': 'gzip' },
      }),
  });
}

export function usePublishAnswer(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `${SHOT(id)}/publish`, responseOf<PublishShotResponse>(), {}),
    onSuccess: () => client.invalidateQueries({ queryKey: answerKeys.all }),
  });
}
