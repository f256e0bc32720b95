import {
  AiSearchErrorCode,
  CODE_FEEDBACK_MAX_LENGTH,
  ReviewRating,
  TutorHintSource,
  TutorHintStatus,
} from '@coderoom/domain';
import { z } from 'zod';
import { LanguageIdSchema, WidgetRefSchema } from './execution.js';

// AI search, code review and the tutor (docs/ai.md).

/** POST /api/ai/search. Length rules are answered with TOO_SHORT / TOO_LONG, not a schema error. */
export const AiSearchRequestSchema = z.strictObject({
  question: z.string().max(4000),
});
export type AiSearchRequest = z.infer<typeof AiSearchRequestSchema>;

/** Where an answer came from: a lesson and its section, as a link the asker can open. */
export const AiCitationSchema = z.object({
  course_title: z.string(),
  lesson_title: z.string(),
  section: z.string(),
  /** The lesson page, with the section's anchor. */
  url: z.string(),
});
export type AiCitation = z.infer<typeof AiCitationSchema>;

export const AiPassageSchema = z.object({
  citation: AiCitationSchema,
  /** The section's prose as Markdown, cut to a readable length. */
  text: z.string(),
  code: z.string().nullable(),
  language: LanguageIdSchema.nullable(),
});
export type AiPassage = z.infer<typeof AiPassageSchema>;

export const AiSearchResponseSchema = z.object({
  /** extractive: the passages themselves (no model); generated: a model's answer grounded in them. */
  mode: z.enum(['extractive', 'generated']),
  /** Markdown; rendered with raw HTML escaped. */
  answer: z.string(),
  passages: z.array(AiPassageSchema),
  citations: z.array(AiCitationSchema),
});
export type AiSearchResponse = z.infer<typeof AiSearchResponseSchema>;

/** The body of every AI search error: the spec's code, message and hint (errorText repeats the message). */
export const AiSearchErrorBodySchema = z.object({
  errorText: z.string(),
  code: z.enum([
    AiSearchErrorCode.TooShort,
    AiSearchErrorCode.TooLong,
    AiSearchErrorCode.NotFound,
    AiSearchErrorCode.GeneralError,
  ]),
  message: z.string(),
  hint: z.string(),
});
export type AiSearchErrorBody = z.infer<typeof AiSearchErrorBodySchema>;

/** POST /api/code/review/feedback: review this code, of this widget's exercise when named. */
export const CodeReviewRequestSchema = z.strictObject({
  language: LanguageIdSchema,
  source_code: z.string().max(100_000),
  widget: WidgetRefSchema.optional(),
});
export type CodeReviewRequest = z.infer<typeof CodeReviewRequestSchema>;

export const ReviewCommentSchema = z.object({
  /** 1-based line in the learner's code; null for a remark about the whole program. */
  line: z.number().int().positive().nullable(),
  severity: z.enum(['error', 'warning', 'info']),
  source: z.enum(['compiler', 'tests', 'linter', 'formatter']),
  message: z.string(),
});
export type ReviewComment = z.infer<typeof ReviewCommentSchema>;

export const CodeReviewResponseSchema = z.object({
  review_id: z.number(),
  summary: z.string(),
  comments: z.array(ReviewCommentSchema),
  tests: z.object({ passed: z.number(), total: z.number() }).nullable(),
});
export type CodeReviewResponse = z.infer<typeof CodeReviewResponseSchema>;

/** POST /api/code/review/{review_id}/rating: the learner's opinion of a review, kept for authors. */
export const ReviewRatingRequestSchema = z.strictObject({
  rating: z.union([z.literal(ReviewRating.Unhelpful), z.literal(ReviewRating.Helpful)]),
  // Longer text is refused by the service with the validator's message (codeFeedback).
  feedback: z
    .string()
    .max(CODE_FEEDBACK_MAX_LENGTH * 4)
    .default(''),
});
export type ReviewRatingRequest = z.infer<typeof ReviewRatingRequestSchema>;

/**
 * POST /api/ai/search with `Accept: application/x-ndjson`: one JSON object per line. First the extractive
 * answer (shown at once), then the model's answer as it is written, then done — `generated` when the model
 * finished, `extractive` when there is no model or it failed or timed out (the page keeps the extract).
 */
export const AiSearchStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('passages'), answer: AiSearchResponseSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), mode: z.enum(['extractive', 'generated']) }),
]);
export type AiSearchStreamEvent = z.infer<typeof AiSearchStreamEventSchema>;
export const AI_STREAM_CONTENT_TYPE = 'application/x-ndjson';

/** POST /api/ai/tutor/hint: the next hint for this exercise, given the learner's current code. */
export const TutorHintRequestSchema = z.strictObject({
  source_code: z.string().max(100_000),
  widget: WidgetRefSchema,
});
export type TutorHintRequest = z.infer<typeof TutorHintRequestSchema>;

export const TutorHintResponseSchema = z.object({
  status: z.enum([TutorHintStatus.Hint, TutorHintStatus.Passing, TutorHintStatus.Exhausted]),
  /** The rung just given (1-based); the rung reached so far for passing and exhausted answers. */
  level: z.number().int().nonnegative(),
  /** Rungs on this exercise's ladder. */
  of: z.number().int().nonnegative(),
  text: z.string(),
  source: z.enum([TutorHintSource.Author, TutorHintSource.Facts, TutorHintSource.Model]).nullable(),
  tests: z.object({ passed: z.number(), total: z.number() }).nullable(),
});
export type TutorHintResponse = z.infer<typeof TutorHintResponseSchema>;

/** GET /api/ai/tutor/log/{author_id}/{collection_id}: what the tutor and reviews told learners, for editors. */
export const TutorLogEntrySchema = z.object({
  kind: z.enum(['hint', 'review']),
  at: z.string(),
  learner_name: z.string(),
  lesson_title: z.string().nullable(),
  page_id: z.number().nullable(),
  comp_id: z.string().nullable(),
  /** Hints: the rung and its source; reviews: null. */
  level: z.number().nullable(),
  source: z.string().nullable(),
  text: z.string(),
  tests: z.object({ passed: z.number(), total: z.number() }).nullable(),
  /** Reviews only: the learner's rating (-1, 1) and feedback when they gave one. */
  rating: z.number().nullable(),
  feedback: z.string().nullable(),
});
export type TutorLogEntry = z.infer<typeof TutorLogEntrySchema>;
export const TutorLogResponseSchema = z.object({
  collection_title: z.string(),
  entries: z.array(TutorLogEntrySchema),
});
export type TutorLogResponse = z.infer<typeof TutorLogResponseSchema>;
