import type { ExploreType, FeaturedItemsQuerySchema } from '@coderoom/contracts';
import type { z } from 'zod';

export type FeaturedQuery = z.output<typeof FeaturedItemsQuerySchema>;

/**
 * What discovery lists (spec 000 §1 "Content types in search"). Questionnaires, modules and the like are
 * reached through their own links, never through explore.
 */
export const DISCOVERABLE_WORK_TYPES = [
  'course',
  'mini_course',
  'path',
  'standalone_cloud_lab',
  'skill_assessment',
  'standalone_project',
];

/** Explore's content types (spec 000 §1) → stored work types. */
export function workTypesFor(type: ExploreType): string[] {
  switch (type) {
    case 'all':
      return DISCOVERABLE_WORK_TYPES;
    case 'paths':
      return ['path'];
    case 'courses':
      return ['course', 'mini_course'];
    case 'cloudLabs':
      return ['standalone_cloud_lab'];
    case 'assessments':
      return ['skill_assessment'];
    case 'projects':
      return ['standalone_project'];
  }
}
