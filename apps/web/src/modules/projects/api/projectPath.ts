/** The API address of a project, or of one of its tasks (spec 000 §7). */
export function projectPath(authorId: number, collectionId: number, projectId: number, componentId?: number) {
  const base = `/api/project/${authorId}/${collectionId}/${projectId}`;
  return componentId === undefined ? base : `${base}/${componentId}`;
}
