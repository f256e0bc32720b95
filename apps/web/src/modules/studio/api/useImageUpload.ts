import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type ImageUploadUrlResponse,
  type UploadResponse,
  UploadState,
} from '@coderoom/contracts';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/ApiError';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import type { ImageUploadTarget } from '../state/ImageUploadTargetContext';
import { imageFileProblem } from '../utils/imageFileProblem';
import { authorPaths } from './authorPaths';

export interface ImageUploadStatus {
  state: UploadState;
  fileName: string;
  errorText?: string;
}

function readCsrfToken(): string {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

const UPLOADS_PATH = '/api/uploads/';

async function putFile(uploadUrl: string, file: File): Promise<UploadResponse> {
  // Upload links point at our own /api/uploads (the signature, not the host, authorises them), but
  // PUBLIC_URL may spell this host differently (localhost vs 127.0.0.1): send them to the origin the app
  // runs on, which is also the only one the CSRF cookie belongs to.
  const url = new URL(uploadUrl, window.location.origin);
  const isOurs = url.pathname.startsWith(UPLOADS_PATH);
  const headers: Record<string, string> = { 'content-type': file.type, accept: 'application/json' };
  if (isOurs) headers[CSRF_HEADER] = readCsrfToken();
  // apiRequest speaks JSON only; the upload body is the raw file with its own content type.
  const response = await fetch(isOurs ? `${url.pathname}${url.search}` : url.href, {
    method: 'PUT',
    headers,
    body: file,
    credentials: 'same-origin',
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromBody(response.status, payload);
  return payload as UploadResponse;
}

/**
 * Uploads an image of a page (spec 000 §4 upload states: pending while the link is asked for,
 * uploading while the bytes go up, then successful or failed) and answers its asset URL.
 */
export function useImageUpload(target: ImageUploadTarget | null) {
  const [status, setStatus] = useState<ImageUploadStatus | null>(null);

  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      const problem = imageFileProblem(file);
      if (problem) {
        setStatus({ state: UploadState.Failed, fileName: file.name, errorText: problem });
        return null;
      }
      if (!target) return null;
      setStatus({ state: UploadState.Pending, fileName: file.name });
      try {
        const query = new URLSearchParams({
          document_kind: target.pageId === null ? 'collection' : 'page',
          ...(target.pageId === null ? {} : { page_id: String(target.pageId) }),
          file_name: file.name,
          content_type: file.type,
          size: String(file.size),
        });
        const link = await apiRequest(
          'GET',
          authorPaths.imageUploadUrl(target.authorId, target.collectionId, query),
          responseOf<ImageUploadUrlResponse>(),
        );
        setStatus({ state: UploadState.Uploading, fileName: file.name });
        const uploaded = await putFile(link.upload_url, file);
        setStatus({ state: UploadState.Successful, fileName: file.name });
        return uploaded.asset_url;
      } catch (error) {
        setStatus({
          state: UploadState.Failed,
          fileName: file.name,
          errorText: error instanceof ApiError ? error.errorText : 'Check your connection and try again.',
        });
        return null;
      }
    },
    [target],
  );

  return { status, upload, clear: () => setStatus(null) };
}
