import {
  CSRF_COOKIE,
  CSRF_HEADER,
  ProfilePictureResponseSchema,
  ProfilePictureUploadResponseSchema,
} from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError';
import { apiRequest } from '../../api/apiClient';
import { USER_INFO_KEY } from '../../session/hooks/userInfoQuery';

function csrfToken(): string {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/**
 * The media module's three steps: ask for an upload link (the server checks type and size), send the
 * file's bytes to it (the server checks they are that image), then make the stored image the picture.
 */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const query = new URLSearchParams({
        file_name: file.name,
        content_type: file.type || 'application/octet-stream',
        size: String(file.size),
      });
      const link = await apiRequest(
        'GET',
        `/api/user/profile-picture/upload-url?${query}`,
        ProfilePictureUploadResponseSchema,
      );
      const uploaded = await fetch(new URL(link.upload_url, window.location.origin).pathname, {
        method: 'PUT',
        body: file,
        headers: { 'content-type': file.type, [CSRF_HEADER]: csrfToken() },
        credentials: 'same-origin',
      });
      if (!uploaded.ok) throw ApiError.fromBody(uploaded.status, await uploaded.json().catch(() => null));
      return apiRequest('PUT', '/api/user/profile-picture', ProfilePictureResponseSchema, {
        asset_url: link.asset_url,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }),
  });
}
