import { CSRF_COOKIE, CSRF_HEADER, UploadState, type VideoUploadUrlResponse } from '@coderoom/contracts';
import { VIDEO_SIZE_LIMIT_TEXT, VideoLimits, videoExtensionOf } from '@coderoom/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { ApiError } from '../../api/ApiError';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { readVideoDuration } from '../utils/readVideoDuration';

export interface VideoUploadTarget {
  authorId: number;
  collectionId: number;
  pageId: number;
}

export interface VideoUploadProgress {
  /** The spec's upload states (000 §4). */
  state: UploadState;
  fileName: string;
  sentBytes: number;
  totalBytes: number;
  errorText?: string;
}

function readCsrfToken(): string {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/** Upload addresses are ours; send them to the origin the app runs on, which the CSRF cookie belongs to. */
function sameOrigin(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${window.location.origin}${parsed.pathname}${parsed.search}`;
}

/**
 * Uploads a lesson video: checks it here first (type, size, length), asks for an upload address
 * (POST …/video/upload/url), then sends the bytes with tus in 8 MB pieces, retrying a lost piece from
 * the offset the server holds. `onCreated` gets the video id as soon as it exists.
 */
export function useVideoUpload(target: VideoUploadTarget | null, onCreated: (videoId: number) => void) {
  const [progress, setProgress] = useState<VideoUploadProgress | null>(null);
  const running = useRef<Upload | null>(null);

  useEffect(() => () => void running.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      const fail = (errorText: string) =>
        setProgress({
          state: UploadState.Failed,
          fileName: file.name,
          sentBytes: 0,
          totalBytes: file.size,
          errorText,
        });
      if (!videoExtensionOf(file.name))
        return fail(`Choose a video file (${VideoLimits.extensions.join(', ')}).`);
      if (file.size > VideoLimits.maxBytes) return fail(`Videos can be at most ${VIDEO_SIZE_LIMIT_TEXT}.`);
      if (!target) return;
      setProgress({ state: UploadState.Pending, fileName: file.name, sentBytes: 0, totalBytes: file.size });
      const duration = await readVideoDuration(file);
      if (duration === null)
        return fail('This browser cannot read the video’s length. Try an MP4 or WebM file.');
      let link: VideoUploadUrlResponse;
      try {
        link = await apiRequest(
          'POST',
          `/api/author/${target.authorId}/collection/${target.collectionId}/page/${target.pageId}/video/upload/url`,
          responseOf<VideoUploadUrlResponse>(),
          { file_name: file.name, size: file.size, duration },
        );
      } catch (error) {
        return fail(error instanceof ApiError ? error.errorText : 'Check your connection and try again.');
      }
      onCreated(link.video_id);
      setProgress({ state: UploadState.Uploading, fileName: file.name, sentBytes: 0, totalBytes: file.size });
      const tus = new Upload(file, {
        uploadUrl: sameOrigin(link.upload_url),
        chunkSize: VideoLimits.chunkBytes,
        retryDelays: [0, 1_000, 3_000, 5_000, 10_000],
        headers: { [CSRF_HEADER]: readCsrfToken() },
        // The address is the upload's identity; nothing to remember between visits.
        storeFingerprintForResuming: false,
        onProgress: (sentBytes, totalBytes) =>
          setProgress({ state: UploadState.Uploading, fileName: file.name, sentBytes, totalBytes }),
        onSuccess: () =>
          setProgress({
            state: UploadState.Successful,
            fileName: file.name,
            sentBytes: file.size,
            totalBytes: file.size,
          }),
        onError: (error) => {
          const body = (
            error as { originalResponse?: { getBody(): string } | null }
          ).originalResponse?.getBody();
          let text = 'The upload stopped. Check your connection and try again.';
          try {
            text = (JSON.parse(body ?? '') as { errorText?: string }).errorText ?? text;
          } catch {
            // Not our JSON (a proxy's page): keep the general message.
          }
          fail(text);
        },
      });
      running.current = tus;
      tus.start();
    },
    [target, onCreated],
  );

  return { progress, upload };
}
