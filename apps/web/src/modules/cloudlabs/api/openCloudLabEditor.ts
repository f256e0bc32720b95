import { EnsureCloudLabResponseSchema } from '@coderoom/contracts';
import { apiRequest } from '../../api/apiClient';

/** The lab of a collection created on /teach, made on first use; its editor's address. */
export async function openCloudLabEditor(authorId: number, collectionId: number): Promise<string> {
  const { lab_id } = await apiRequest(
    'POST',
    `/api/author/${authorId}/collection/${collectionId}/cloudlab`,
    EnsureCloudLabResponseSchema,
    {},
  );
  return `/cloudlabeditor/${authorId}/${collectionId}/${lab_id}`;
}
