import {
  EditorProjectSchema,
  EnsureProjectResponseSchema,
  ProjectEditorEtagResponseSchema,
  type SaveEditorProjectRequest,
  type SaveEditorTaskRequest,
  SaveEditorTaskResponseSchema,
} from '@coderoom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';

// The project editor's calls (docs/projects.md "Editing"). Every write names the eTag the editor last
// saw; the server answers 409 when someone else saved in between.

export interface ProjectEditorAddress {
  authorId: number;
  collectionId: number;
  projectId: number;
}

const collectionPath = ({ authorId, collectionId }: ProjectEditorAddress) =>
  `/api/author/${authorId}/collection/${collectionId}`;
const projectPath = (address: ProjectEditorAddress) =>
  `${collectionPath(address)}/project/${address.projectId}`;
const ifMatch = (etag: string) => ({ headers: etagHeaders(etag) });

export const projectEditorKeys = {
  project: (address: ProjectEditorAddress) =>
    ['project-editor', address.authorId, address.collectionId, address.projectId] as const,
};

export function editorProjectQuery(address: ProjectEditorAddress) {
  return queryOptions({
    queryKey: projectEditorKeys.project(address),
    queryFn: () => apiRequest('GET', projectPath(address), EditorProjectSchema),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useEditorProject(address: ProjectEditorAddress) {
  return useQuery(editorProjectQuery(address));
}

/** After a write, the editor's copy is re-read: the new eTag and the task list come together. */
function useRefresh(address: ProjectEditorAddress) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectEditorKeys.project(address) });
}

export function useSaveEditorProject(address: ProjectEditorAddress) {
  const refresh = useRefresh(address);
  return useMutation({
    mutationFn: ({ etag, body }: { etag: string; body: SaveEditorProjectRequest }) =>
      apiRequest('PUT', projectPath(address), EditorProjectSchema, body, ifMatch(etag)),
    onSettled: refresh,
  });
}

export function useSaveEditorTask(address: ProjectEditorAddress) {
  const refresh = useRefresh(address);
  return useMutation({
    mutationFn: ({
      componentId,
      etag,
      body,
    }: {
      componentId: number | 'new';
      /** The list's eTag as the editor last read it (the Conflicts dialog's Save re-reads it first). */
      etag: string;
      body: SaveEditorTaskRequest;
    }) =>
      apiRequest(
        'PUT',
        `${collectionPath(address)}/project_component/${componentId}`,
        SaveEditorTaskResponseSchema,
        body,
        ifMatch(etag),
      ),
    onSettled: refresh,
  });
}

export function useDeleteEditorTask(address: ProjectEditorAddress) {
  const refresh = useRefresh(address);
  return useMutation({
    mutationFn: ({ componentId, etag }: { componentId: number; etag: string }) =>
      apiRequest(
        'DELETE',
        `${collectionPath(address)}/project_component/${componentId}`,
        ProjectEditorEtagResponseSchema,
        undefined,
        ifMatch(etag),
      ),
    onSettled: refresh,
  });
}

/** The project of a collection created on /teach, made on first use; its editor's address. */
export async function openProjectEditor(authorId: number, collectionId: number): Promise<string> {
  const { project_id } = await apiRequest(
    'POST',
    `/api/author/${authorId}/collection/${collectionId}/project`,
    EnsureProjectResponseSchema,
    {},
  );
  return `/projecteditor/${authorId}/${collectionId}/${project_id}`;
}
