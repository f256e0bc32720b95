import type { ExploreType, FeaturedItemsQuerySchema } from '@coderoom/contracts';
import type { z } from 'zod';

export type FeaturedQuery = z.output<typeof FeaturedItemsQuerySchema>;

/** Explore's content types (spec 000 §1) → stored work types; null means every type. */
export function workTypesFor(type: ExploreType): string[] | null {
  switch (type) {
    case 'all':
      return null;
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
