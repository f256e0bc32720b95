import type { WebpackBinFile } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';

// The server answers { html } (apps/server/src/modules/spa); a build error is a 400 with errors.build.
const WebpackBinBuildResponseSchema = z.object({ html: z.string() });

/** Builds a WebpackBin widget's files into one page on the server. */
export function useWebpackBinBuild() {
  return useMutation({
    mutationFn: (files: WebpackBinFile[]) =>
      apiRequest('POST', '/api/spa/webpackbin/build', WebpackBinBuildResponseSchema, { files }),
  });
}
