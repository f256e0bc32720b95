import { StreamState, type VideoStreamStatus } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { videoKeys } from './videoKeys';

/** How often the studio asks while the worker transcodes (the spec's generic polling default is 5 s). */
const POLL_MS = 2_000;

/** GET /api/author/video/get-stream-status, polled until the video is ready or has failed. */
export function useStreamStatus(videoId: number | null) {
  return useQuery({
    queryKey: videoKeys.streamStatus(videoId ?? 0),
    enabled: videoId !== null,
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/author/video/get-stream-status?video_id=${videoId}`,
        responseOf<VideoStreamStatus>(),
        undefined,
        { signal },
      ),
    refetchInterval: (query) => {
      const state = query.state.data?.stream_state;
      return state === StreamState.Ready || state === StreamState.Failed ? false : POLL_MS;
    },
  });
}
