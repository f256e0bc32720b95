// AI search, code review feedback and the tutor (spec 000 §1, 002 §4.11, §8.3). The four search errors
// and their texts are the spec's; the limits below them are ours (docs/ai.md).

export const AiSearchErrorCode = {
  TooShort: 'TOO_SHORT',
  TooLong: 'TOO_LONG',
  NotFound: 'NOT_FOUND',
  GeneralError: 'GENERAL_ERROR',
} as const;
export type AiSearchErrorCode = (typeof AiSearchErrorCode)[keyof typeof AiSearchErrorCode];

/** Spec 002 §8.3: what the page shows for each error, message then hint. */
export const AiSearchErrors: Record<AiSearchErrorCode, { message: string; hint: string }> = {
  TOO_SHORT: {
    message: 'The question is too short to be answered correctly',
    hint: 'Try asking another question',
  },
  TOO_LONG: {
    message: 'This question is too long to be answered correctly',
    hint: 'Try a more specific question',
  },
  NOT_FOUND: {
    message: "We couldn't find the answer you were looking for",
    hint: 'Try asking another question',
  },
  GENERAL_ERROR: {
    message: 'Oops, something went wrong',
    hint: 'Please give it another shot',
  },
};

/** Limits of a question: fewer words or characters cannot be answered well, more is not one question. */
export const AiQuestionLimits = {
  minCharacters: 8,
  minWords: 2,
  maxCharacters: 300,
} as const;

/** The rule behind TOO_SHORT and TOO_LONG, shared by the page (to answer at once) and the server. */
export function aiQuestionProblem(question: string): AiSearchErrorCode | null {
  const text = question.trim();
  if (text.length > AiQuestionLimits.maxCharacters) return AiSearchErrorCode.TooLong;
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (text.length < AiQuestionLimits.minCharacters || words.length < AiQuestionLimits.minWords) {
    return AiSearchErrorCode.TooShort;
  }
  return null;
}

/** A review is a handful of comments, not a wall: the rest is summarised in one line. */
export const REVIEW_MAX_COMMENTS = 5;

/** Ratings a learner gives a review (thumbs down, thumbs up). */
export const ReviewRating = { Unhelpful: -1, Helpful: 1 } as const;
export type ReviewRating = (typeof ReviewRating)[keyof typeof ReviewRating];

/**
 * The anchor of a lesson section in citation links (`#waiting-sync-waitgroup`): the lesson page finds
 * the heading whose text gives the same anchor, so stored lessons need no ids on their headings.
 */
export function sectionAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/**
 * The tutor's hint ladder (beyond the spec, docs/ai.md "Tutor"): an author writes up to five hints per
 * code exercise, from a nudge to a worked step; a learner whose code fails asks for them one at a time.
 * The ladder never hands out the solution: the author's "Show solution" setting alone opens it.
 */
export const TutorLimits = { hintsPerExercise: 5, hintCharacters: 2000, logPageSize: 50 } as const;

/** What a hint request answered: the next hint, nothing (the code already passes), or the end. */
export const TutorHintStatus = { Hint: 'hint', Passing: 'passing', Exhausted: 'exhausted' } as const;
export type TutorHintStatus = (typeof TutorHintStatus)[keyof typeof TutorHintStatus];

/** Who wrote a hint: the exercise's author, the platform from the sandbox's facts, or a model. */
export const TutorHintSource = { Author: 'author', Facts: 'facts', Model: 'model' } as const;
export type TutorHintSource = (typeof TutorHintSource)[keyof typeof TutorHintSource];

export const TutorMessages = {
  Passing: 'Your code passes every test of this exercise: no hint needed.',
  ExhaustedWithSolution: 'That was the last hint. The solution is open to you under the editor.',
  Exhausted: 'That was the last hint for this exercise. Read the failing test again and try once more.',
  NotAnExercise: 'Hints are given for exercises with tests.',
  HintTooLong: `A hint must be at most ${TutorLimits.hintCharacters} characters long.`,
} as const;
