/** Query keys of projects. */
export const projectKeys = {
  all: ['projects'] as const,
  overviewByCode: (encodedId: string) => ['projects', 'overview', 'code', encodedId] as const,
  task: (projectId: number, componentId: number) => ['projects', 'task', projectId, componentId] as const,
};
