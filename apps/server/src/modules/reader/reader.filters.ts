import type { ExploreType, FeaturedItemsQuerySchema } from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import type { z } from 'zod';

export type FeaturedQuery = z.output<typeof FeaturedItemsQuerySchema>;

/**
 * What discovery lists (spec 000 §1 "Content types in search"). Questionnaires, modules and the like are
 * reached through their own links, never through explore.
 */
export const DISCOVERABLE_WORK_TYPES: string[] = [
  WorkType.Course,
  WorkType.MiniCourse,
  WorkType.Path,
  WorkType.StandaloneCloudLab,
  WorkType.SkillAssessment,
  WorkType.StandaloneProject,
];

/** Explore's content types (spec 000 §1) → stored work types. */
export function workTypesFor(type: ExploreType): string[] {
  switch (type) {
    case 'all':
      return DISCOVERABLE_WORK_TYPES;
    case 'paths':
      return [WorkType.Path];
    case 'courses':
      return [WorkType.Course, WorkType.MiniCourse];
    case 'cloudLabs':
      return [WorkType.StandaloneCloudLab];
    case 'assessments':
      return [WorkType.SkillAssessment];
    case 'projects':
      return [WorkType.StandaloneProject];
  }
}
