/** Where a task lives: /project/{author}/{collection}/{project}/{component}. */
export interface TaskAddress {
  authorId: number;
  collectionId: number;
  projectId: number;
  componentId: number;
}
