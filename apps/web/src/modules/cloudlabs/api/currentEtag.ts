import type { CloudLabEditorResponse } from '@coderoom/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { LabAddress } from './LabAddress';

/**
 * The eTag of the lab as this editor last loaded or saved it. A save carries it; when someone else saved in
 * between, the server answers 409 with the spec's "This content was just updated…", shown by the form.
 */
export function currentEtag(queryClient: QueryClient, address: LabAddress): string {
  return queryClient.getQueryData<CloudLabEditorResponse>(['cloudlabs', 'editor', address])?.etag ?? '';
}
