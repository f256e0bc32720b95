import type { VideoStreamTokenResponse } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { videoKeys } from './videoKeys';

/** Ask for a new token this long before the current one runs out, so segments never meet an expired one. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * A short-lived stream token for a video (GET /api/reader/video/get-stream-token), renewed before it
 * expires for as long as the player is on screen.
 */
export function useStreamToken(videoId: number | null) {
  return useQuery({
    queryKey: videoKeys.streamToken(videoId ?? 0),
    enabled: videoId !== null,
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/reader/video/get-stream-token?video_id=${videoId}`,
        responseOf<VideoStreamTokenResponse>(),
        undefined,
        { signal, suppressUnauthorizedRedirect: true },
      ),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expires_at;
      if (!expiresAt) return false;
      return Math.max(5_000, new Date(expiresAt).getTime() - Date.now() - REFRESH_MARGIN_MS);
    },
  });
}
