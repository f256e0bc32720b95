import type { ExploreDuration, ExploreType, FeaturedItemsQuerySchema } from '@coderoom/contracts';
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

/** Explore's lengths → bounds on the total estimated minutes (inclusive). */
export function minutesFor(duration: ExploreDuration | undefined): {
  minMinutes: number | null;
  maxMinutes: number | null;
} {
  switch (duration) {
    case 'short':
      return { minMinutes: null, maxMinutes: 59 };
    case 'medium':
      return { minMinutes: 60, maxMinutes: 180 };
    case 'long':
      return { minMinutes: 181, maxMinutes: null };
    default:
      return { minMinutes: null, maxMinutes: null };
  }
}
