import { useWorkItems } from './useWorkItems';

/** Containers an item can move into: projects, folders and groups the user reaches. */
export function useMoveTargets(enabled: boolean) {
  const projects = useWorkItems('project');
  const folders = useWorkItems('folder');
  const groups = useWorkItems('group');
  if (!enabled) return [];
  return [...(groups.data ?? []), ...(projects.data ?? []), ...(folders.data ?? [])].filter(
    (item) => item.access !== 'view' && item.access !== 'comment',
  );
}
