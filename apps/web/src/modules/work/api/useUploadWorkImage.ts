import { CSRF_COOKIE, CSRF_HEADER, WorkImageUploadResponseSchema } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError';
import { apiRequest } from '../../api/apiClient';

function readCsrfToken(): string {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/**
 * An image for a work document, through the media module: ask for a link (the server checks the caller
 * edits the document, the type and the size), send the bytes (checked to be that image), answer where it is
 * served.
 */
export function useUploadWorkImage(itemId: number) {
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const query = new URLSearchParams({
        file_name: file.name,
        content_type: file.type || 'application/octet-stream',
        size: String(file.size),
      });
      const link = await apiRequest(
        'GET',
        `/api/workflows/items/${itemId}/image/upload-url?${query}`,
        WorkImageUploadResponseSchema,
      );
      // The signature authorises the link; it is sent to this origin, the one the CSRF cookie belongs to.
      const uploaded = await fetch(new URL(link.upload_url, window.location.origin).pathname, {
        method: 'PUT',
        body: file,
        headers: { 'content-type': file.type, [CSRF_HEADER]: readCsrfToken() },
        credentials: 'same-origin',
      });
      if (!uploaded.ok) throw ApiError.fromBody(uploaded.status, await uploaded.json().catch(() => null));
      return link.asset_url;
    },
  });
}
