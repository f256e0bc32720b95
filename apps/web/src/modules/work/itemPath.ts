import type { WorkItem } from '@coderoom/contracts';

/** The screen of an item (spec 002 §2.1 routes). */
export function itemPath(item: Pick<WorkItem, 'id' | 'kind'>): string {
  switch (item.kind) {
    case 'document':
      return `/work/doc/${item.id}`;
    case 'task':
    case 'project_task':
      return `/work/task/${item.id}`;
    case 'group':
      return `/work/group/${item.id}`;
    case 'review':
      return '/work/reviews';
    case 'scheduled_report':
      return '/work/scheduled-reports';
    default:
      return `/work/project/${item.id}`;
  }
}
