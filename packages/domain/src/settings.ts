import { DataRequest } from './organizations.js';

// Account settings, learner onboarding and data requests (docs/account.md). The spec gives the data
// request codes (001 §4 "Other states"); the rest of these values are ours.

/** Kinds of data request a user can make about their own account. */
export const DataRequestType = { Download: DataRequest.Download, Deletion: DataRequest.Deletion } as const;
export type DataRequestType = (typeof DataRequestType)[keyof typeof DataRequestType];

/** What a processed deletion did with the account row: deleted it, or kept it anonymised. */
export const DataRequestOutcome = { Delete: DataRequest.Delete, Retain: DataRequest.Retain } as const;
export type DataRequestOutcome = (typeof DataRequestOutcome)[keyof typeof DataRequestOutcome];

/** A data export can be downloaded for a week after it is made. */
export const DATA_EXPORT_TTL_DAYS = 7;
/** An e-mail change link works once, for a day. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The name an anonymised (retained) account shows wherever its work is still listed. */
export const DELETED_USER_NAME = 'Deleted User';

export const NotificationCategory = {
  LearningReminders: 'learning_reminders',
  CourseUpdates: 'course_updates',
  CommentsAndMentions: 'comments_and_mentions',
  ProductNews: 'product_news',
} as const;
export type NotificationCategory = (typeof NotificationCategory)[keyof typeof NotificationCategory];
export const NOTIFICATION_CATEGORIES = Object.values(NotificationCategory);

export const NotificationChannel = { Email: 'email', InApp: 'in_app' } as const;
export type NotificationChannel = (typeof NotificationChannel)[keyof typeof NotificationChannel];

export type ChannelChoice = Record<NotificationChannel, boolean>;
export type NotificationPreferences = Record<NotificationCategory, ChannelChoice>;

export const NOTIFICATION_LABELS: Record<NotificationCategory, { label: string; hint: string }> = {
  learning_reminders: {
    label: 'Learning reminders',
    hint: 'Your weekly goal and streak, when a day is about to be missed.',
  },
  course_updates: { label: 'Course updates', hint: 'New lessons and changes in courses you take.' },
  comments_and_mentions: {
    label: 'Comments and mentions',
    hint: 'Replies to your comments and comments on courses you write.',
  },
  product_news: { label: 'Product news', hint: 'New courses and features, at most once a month.' },
};

/** What a user gets before choosing. Security mail (sign-in, e-mail and password changes) is always sent. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  learning_reminders: { email: true, in_app: true },
  course_updates: { email: false, in_app: true },
  comments_and_mentions: { email: true, in_app: true },
  product_news: { email: false, in_app: false },
};

/** Stored choices over the defaults; unknown categories in storage are ignored. */
export function resolveNotificationPreferences(stored: unknown): NotificationPreferences {
  const saved = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const result = {} as NotificationPreferences;
  for (const category of NOTIFICATION_CATEGORIES) {
    const choice = saved[category] as Partial<ChannelChoice> | undefined;
    const defaults = DEFAULT_NOTIFICATION_PREFERENCES[category];
    result[category] = {
      email: typeof choice?.email === 'boolean' ? choice.email : defaults.email,
      in_app: typeof choice?.in_app === 'boolean' ? choice.in_app : defaults.in_app,
    };
  }
  return result;
}

/** The rule notifications read before sending: does this user want this kind on this channel? */
export function wantsNotification(
  stored: unknown,
  category: NotificationCategory,
  channel: NotificationChannel,
): boolean {
  return resolveNotificationPreferences(stored)[category][channel];
}

// Learner onboarding: goal, languages, level, then a recommended first course (/onboarding/{stage}).

export const OnboardingStage = {
  Goal: 'goal',
  Languages: 'languages',
  Level: 'level',
  Recommendation: 'recommendation',
} as const;
export type OnboardingStage = (typeof OnboardingStage)[keyof typeof OnboardingStage];
export const ONBOARDING_STAGES: readonly OnboardingStage[] = Object.values(OnboardingStage);

export const LearningGoal = {
  StartCoding: 'start_coding',
  NewLanguage: 'new_language',
  CareerChange: 'career_change',
  LevelUp: 'level_up',
} as const;
export type LearningGoal = (typeof LearningGoal)[keyof typeof LearningGoal];

export const LEARNING_GOAL_LABELS: Record<LearningGoal, { label: string; hint: string }> = {
  start_coding: { label: 'Learn to code', hint: 'I am new to programming.' },
  new_language: { label: 'Pick up a new language', hint: 'I code already and want another language.' },
  career_change: { label: 'Get a developer job', hint: 'I am preparing for interviews or a new role.' },
  level_up: { label: 'Go deeper', hint: 'I want to master a language I already use.' },
};

/** The stage after `stage`, or null when onboarding is over. */
export function nextOnboardingStage(stage: OnboardingStage): OnboardingStage | null {
  const index = ONBOARDING_STAGES.indexOf(stage);
  return ONBOARDING_STAGES[index + 1] ?? null;
}

/** The difficulties to try, nearest first, when recommending a course for a level. */
export function levelsNearest(level: 'beginner' | 'intermediate' | 'advanced') {
  const order = {
    beginner: ['beginner', 'intermediate', 'advanced'],
    intermediate: ['intermediate', 'beginner', 'advanced'],
    advanced: ['advanced', 'intermediate', 'beginner'],
  } as const;
  return order[level];
}
