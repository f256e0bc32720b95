// Nudges in the reader (spec 000 §7 "POST /api/reader/log-nudge-interaction (nudge_type, interaction,
// text)"). The spec names the call and its fields only; which nudges exist, what triggers them and what
// they say are ours (docs/reader-calls.md "Nudges").

export const NudgeType = {
  /** The learner reached the end of a lesson with runnable code without running any. */
  TryCode: 'try_code',
  /** The learner reached the end of a lesson they have not marked complete. */
  MarkComplete: 'mark_complete',
} as const;
export type NudgeType = (typeof NudgeType)[keyof typeof NudgeType];
export const NUDGE_TYPES = Object.values(NudgeType) as [NudgeType, ...NudgeType[]];

export const NudgeInteraction = { Shown: 'shown', Clicked: 'clicked', Dismissed: 'dismissed' } as const;
export type NudgeInteraction = (typeof NudgeInteraction)[keyof typeof NudgeInteraction];
export const NUDGE_INTERACTIONS = Object.values(NudgeInteraction) as [
  NudgeInteraction,
  ...NudgeInteraction[],
];

/** What each nudge says and the label of its one action. */
export const NUDGES: Record<NudgeType, { text: string; action: string }> = {
  [NudgeType.TryCode]: {
    text: 'You reached the end without running the code. Run it and change a line: that is the quickest way to make it stick.',
    action: 'Back to the code',
  },
  [NudgeType.MarkComplete]: {
    text: 'Done with this lesson? Mark it complete so your course progress and streak count it.',
    action: 'Mark as complete',
  },
};

export const NUDGE_TEXT_MAX_LENGTH = 500;
/** Logged interactions per learner per hour: far above what the reader shows, low enough to stop a loop. */
export const NUDGE_LOG_RATE = { limit: 120, windowSeconds: 3600 } as const;
