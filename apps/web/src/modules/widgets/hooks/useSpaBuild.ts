import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';

// The server answers { html } (apps/server/src/modules/spa); a build error is a 400 with errors.build.
const SpaBuildResponseSchema = z.object({ html: z.string() });

/** Builds an SPA widget's files into one page on the server. */
export function useSpaBuild() {
  return useMutation({
    mutationFn: (files: { index: string; app: string; style: string }) =>
      apiRequest('POST', '/api/spa/build', SpaBuildResponseSchema, { files }),
  });
}
