import type {
  CollectionCard,
  Difficulty,
  LanguageTopic,
  OnboardingAnswersRequest,
  OnboardingRecommendation,
  OnboardingState,
} from '@coderoom/contracts';
import { CourseReviewState, LearningGoal, levelsNearest, WorkType } from '@coderoom/domain';
import type { AccountSettingsService } from '../accounts/settings.service.js';
import type { ContentService } from '../content/content.service.js';

// Learner onboarding (docs/account.md): goal, languages and level are kept with the account; the first
// course is picked from the live catalogue, the same listing /explore shows.

export interface OnboardingDeps {
  settings: Pick<AccountSettingsService, 'onboarding' | 'saveOnboardingAnswers' | 'finishOnboarding'>;
  content: Pick<ContentService, 'search'>;
}

const LISTED = [CourseReviewState.Approved, CourseReviewState.ApprovedForEarlyAccess];
const ALTERNATIVES = 2;

export function createOnboardingService({ settings, content }: OnboardingDeps) {
  async function courses(topic: string | null, difficulty: string | null): Promise<CollectionCard[]> {
    const { items } = await content.search({
      search: '',
      workTypes: [WorkType.Course],
      topic,
      difficulty,
      onlyFree: false,
      onlyEarlyAccess: false,
      reviewStates: LISTED,
      tag: null,
      limit: 5,
      offset: 0,
    });
    return items;
  }

  /** The level to aim for: someone starting to code begins at the beginning, whatever they picked. */
  function levelOf(state: OnboardingState): Difficulty {
    if (state.answers.goal === LearningGoal.StartCoding) return 'beginner';
    return state.answers.level ?? 'beginner';
  }

  return {
    state: (userId: number) => settings.onboarding(userId),
    saveAnswers: (userId: number, input: OnboardingAnswersRequest) =>
      settings.saveOnboardingAnswers(userId, input),
    finish: (userId: number) => settings.finishOnboarding(userId),

    /**
     * For each chosen language in the learner's order, the course nearest their level; failing every
     * language, a course at their level in any language; failing that, any course.
     */
    async recommend(userId: number): Promise<OnboardingRecommendation> {
      const state = await settings.onboarding(userId);
      const level = levelOf(state);
      const languages = state.answers.languages as LanguageTopic[];
      const found: CollectionCard[] = [];
      let reason = '';
      for (const language of languages) {
        for (const difficulty of levelsNearest(level)) {
          const hits = await courses(language, difficulty);
          if (hits.length === 0) continue;
          if (!reason) {
            reason =
              difficulty === level
                ? `A ${difficulty} ${language} course, matching the level you chose.`
                : `Our ${language} course closest to your level: it is ${difficulty}.`;
          }
          found.push(...hits);
        }
      }
      if (found.length === 0) {
        const atLevel = await courses(null, level);
        const any = atLevel.length > 0 ? atLevel : await courses(null, null);
        const asked = languages.length > 0 ? languages.join(', ') : 'the languages you chose';
        reason =
          atLevel.length > 0
            ? `We have no course in ${asked} yet; this ${level} course is a good place to start.`
            : `We have no course in ${asked} at your level yet; this one is a good place to start.`;
        found.push(...any);
      }
      const unique = [...new Map(found.map((card) => [card.collection_id, card])).values()];
      const [course = null, ...rest] = unique;
      return {
        course,
        reason: course ? reason : 'The catalogue has no published courses yet.',
        alternatives: rest.slice(0, ALTERNATIVES),
      };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
