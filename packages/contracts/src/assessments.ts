import { z } from 'zod';
import { LanguageIdSchema } from './execution.js';
import type { CollectionCard } from './reader.js';

// Skill assessments (spec 000 §4 attempts, grades, scoring and skill levels; §7 skill-assessment
// endpoints; §9 estimate text). docs/assessments.md describes the flow.

export const QuestionKindSchema = z.enum(['multiple_choice', 'multiple_answer', 'code']);
export type QuestionKind = z.infer<typeof QuestionKindSchema>;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const AssessmentParamsSchema = z.strictObject({ authorId: id, collectionId: id });
export const AttemptParamsSchema = z.strictObject({ authorId: id, collectionId: id, attemptId: id });
export const AttemptQuestionParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  attemptId: id,
  questionId: id,
});

/** Spec codes: attempts 1000/1001/1002, skill levels 1000–1002, difficulty 1000–1002, grades 0…1006. */
const code = z.number().int();

export const AssessmentResultSummarySchema = z.object({
  attempt_id: z.number(),
  score: z.number(),
  skill_level: code,
  skill_level_label: z.string(),
  grade: code,
  completed_at: z.string(),
});
export type AssessmentResultSummary = z.infer<typeof AssessmentResultSummarySchema>;

/** GET /api/skill-assessment/{a}/{c} and GET /api/skill-assessments/{encodedId}. */
export const AssessmentOverviewSchema = z.object({
  author_id: z.number(),
  collection_id: z.number(),
  encoded_id: z.string(),
  title: z.string(),
  summary: z.string(),
  overview: z.string(),
  language_topic: z.string().nullable(),
  skills: z.array(z.string()),
  question_count: z.number(),
  /** 'Est. 3 mins (Approx. 6 Qs)'. */
  estimate_text: z.string(),
  /** The caller's unfinished attempt, to resume; null when logged out or none. */
  in_progress_attempt_id: z.number().nullable(),
  last_result: AssessmentResultSummarySchema.nullable(),
  /** While the retake cool-down after the last completed attempt runs: when Start works again (ISO). */
  retake_available_at: z.string().nullable(),
});
export type AssessmentOverview = z.infer<typeof AssessmentOverviewSchema>;

export const AttemptProgressSchema = z.object({
  attempt_id: z.number(),
  author_id: z.number(),
  collection_id: z.number(),
  state: code,
  answered: z.number(),
  total: z.number(),
  /** The question to answer next; null once the attempt is over. */
  current_question_id: z.number().nullable(),
});
export type AttemptProgress = z.infer<typeof AttemptProgressSchema>;

/** POST …/start. */
export const StartAttemptResponseSchema = z.object({ attempt: AttemptProgressSchema });
export type StartAttemptResponse = z.infer<typeof StartAttemptResponseSchema>;

/** A question as the learner sees it: never the correct options, test cases or solution. */
export const AssessmentQuestionSchema = z.object({
  question_id: z.number(),
  kind: QuestionKindSchema,
  difficulty: code,
  skill: z.string(),
  /** Markdown. */
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  language: LanguageIdSchema.nullable(),
  starter_code: z.string().nullable(),
  /** 1-based position within the attempt: "Question 3 of 6". */
  number: z.number(),
  is_answered: z.boolean(),
});
export type AssessmentQuestion = z.infer<typeof AssessmentQuestionSchema>;

export const QuestionResponseSchema = z.object({
  assessment_title: z.string(),
  attempt: AttemptProgressSchema,
  question: AssessmentQuestionSchema,
});
export type QuestionResponse = z.infer<typeof QuestionResponseSchema>;

export const QuestionQuerySchema = z.strictObject({
  assessment_type: z.enum(['skill_assessment', 'questionnaire']).optional(),
});

/** POST …/{attemptId}/{q}/answer: option ids for choice questions, source code for code questions. */
export const AnswerRequestSchema = z.union([
  z.strictObject({ option_ids: z.array(z.string().min(1).max(64)).min(1).max(20) }),
  z.strictObject({ source_code: z.string().max(65_536) }),
]);
export type AnswerRequest = z.infer<typeof AnswerRequestSchema>;

export const AnswerResponseSchema = z.object({
  is_correct: z.boolean(),
  /** Code questions: how many of the hidden test cases passed. */
  tests_passed: z.number().nullable(),
  tests_total: z.number().nullable(),
  attempt: AttemptProgressSchema,
});
export type AnswerResponse = z.infer<typeof AnswerResponseSchema>;

export const SkillStatSchema = z.object({
  skill: z.string(),
  answered: z.number(),
  correct: z.number(),
  /** Share of this skill's questions answered correctly, 0–100. */
  percent: z.number(),
});
export type SkillStat = z.infer<typeof SkillStatSchema>;

/** POST/DELETE …/{attemptId}/share: the public link to a score. */
export const AssessmentShareSchema = z.object({
  token: z.string(),
  /** Path of the public page, /shared/assessment/{token}. */
  path: z.string(),
  created_at: z.string(),
});
export type AssessmentShare = z.infer<typeof AssessmentShareSchema>;

/** POST …/generate-stats and GET …/get-stats. */
export const AssessmentStatsSchema = z.object({
  attempt_id: z.number(),
  author_id: z.number(),
  collection_id: z.number(),
  assessment_title: z.string(),
  encoded_id: z.string(),
  slug: z.string(),
  state: code,
  score: z.number(),
  min_score: z.number(),
  max_score: z.number(),
  skill_level: code,
  skill_level_label: z.string(),
  grade: code,
  correct: z.number(),
  answered: z.number(),
  skills: z.array(SkillStatSchema),
  /** Published courses on the same language topic; their shape is the reader's card. */
  recommended_courses: z.array(
    z.custom<CollectionCard>((value) => typeof value === 'object' && value !== null),
  ),
  completed_at: z.string().nullable(),
  /** When the learner may start again (ISO); null when Start works now. */
  retake_available_at: z.string().nullable(),
  /** The live public link to this score, if the learner shared it. */
  share: AssessmentShareSchema.nullable(),
});
export type AssessmentStats = z.infer<typeof AssessmentStatsSchema>;

/** GET …/{attemptId}/review: a completed attempt question by question, with the right answers. */
export const ReviewedQuestionSchema = z.object({
  question_id: z.number(),
  number: z.number(),
  kind: QuestionKindSchema,
  difficulty: code,
  skill: z.string(),
  /** Markdown. */
  text: z.string(),
  options: z.array(
    z.object({ id: z.string(), text: z.string(), is_correct: z.boolean(), is_chosen: z.boolean() }),
  ),
  language: LanguageIdSchema.nullable(),
  is_correct: z.boolean(),
  /** The learner's code (code questions); null when not recorded. */
  your_code: z.string().nullable(),
  tests_passed: z.number().nullable(),
  tests_total: z.number().nullable(),
  /** Whether the learner's choice was recorded (attempts before reviews existed did not keep it). */
  is_answer_recorded: z.boolean(),
  /** Markdown; null when the author wrote none. */
  explanation: z.string().nullable(),
  /** The reference solution of a code question. */
  solution: z.string().nullable(),
});
export type ReviewedQuestion = z.infer<typeof ReviewedQuestionSchema>;

export const AttemptReviewSchema = z.object({
  attempt_id: z.number(),
  assessment_title: z.string(),
  questions: z.array(ReviewedQuestionSchema),
});
export type AttemptReview = z.infer<typeof AttemptReviewSchema>;

export const ShareTokenParamsSchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** GET /api/shared/assessment-results/{token}: what anyone with the link sees — never an answer. */
export const SharedAssessmentResultSchema = z.object({
  learner_name: z.string(),
  assessment_title: z.string(),
  /** Link to the assessment's public overview. */
  assessment_path: z.string(),
  score: z.number(),
  min_score: z.number(),
  max_score: z.number(),
  skill_level_label: z.string(),
  completed_at: z.string(),
});
export type SharedAssessmentResult = z.infer<typeof SharedAssessmentResultSchema>;
