import { z } from 'zod';
import { QuestionKindSchema } from './assessments.js';
import { LanguageIdSchema } from './execution.js';

// The assessment editor (spec 000 §2 /assessmenteditor, §3 "Assessment question save", §7 authoring
// calls). docs/assessments.md "Editing" describes the rules; the assessment id in the addresses is the
// assessment collection's id.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const AssessmentEditorParamsSchema = z.strictObject({ authorId: id, collectionId: id });
export const AssessmentEditorAssessmentParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  assessmentId: id,
});
export const AssessmentEditorQuestionParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  assessmentId: id,
  /** An existing question's id, or `new` to add one at the end. */
  questionId: z.union([z.literal('new'), id]),
});
export const AssessmentEditorQuerySchema = z.strictObject({
  assessment_type: z.enum(['skill_assessment', 'questionnaire']).optional(),
});

/** Difficulty codes of spec 000 §4: easy 1000, medium 1001, hard 1002. */
export const QuestionDifficultySchema = z.union([z.literal(1000), z.literal(1001), z.literal(1002)]);

/** What the learner sees of a question, with its kind, difficulty and skill. */
export const EditorQuestionContentSchema = z.strictObject({
  kind: QuestionKindSchema,
  difficulty: QuestionDifficultySchema,
  skill: z.string().trim().min(1, 'Choose a skill.').max(100),
  text: z.string().trim().min(1, 'Write the question.').max(20_000),
  options: z
    .array(
      z.strictObject({
        id: z.string().trim().min(1).max(64),
        text: z.string().trim().min(1, 'An option needs a text.').max(2_000),
      }),
    )
    .max(12, 'A question has at most 12 options.'),
  language: LanguageIdSchema.nullable(),
  starter_code: z.string().max(20_000).nullable(),
});
export type EditorQuestionContent = z.infer<typeof EditorQuestionContentSchema>;

/** What only the grader reads. */
export const EditorProtectedContentSchema = z.strictObject({
  correct_option_ids: z.array(z.string().min(1).max(64)).max(12),
  explanation: z.string().max(5_000).nullable(),
  test_cases: z
    .array(z.strictObject({ input: z.string().max(10_000), output: z.string().max(10_000) }))
    .max(50, 'A question has at most 50 test cases.'),
  solution: z.string().max(20_000).nullable(),
});
export type EditorProtectedContent = z.infer<typeof EditorProtectedContentSchema>;

/**
 * PUT …/assessment/{id}/question/{q}: both parts serialised as JSON text, as the spec's client sends
 * them. The server parses and validates each.
 */
export const SaveQuestionRequestSchema = z.strictObject({
  content: z.string().min(2).max(60_000),
  protected_content: z.string().min(2).max(120_000),
});
export type SaveQuestionRequest = z.infer<typeof SaveQuestionRequestSchema>;

/** PUT …/assessment/{id}: the questions in their new order (every live question exactly once). */
export const SaveAssessmentRequestSchema = z.strictObject({
  question_ids: z.array(z.number().int().positive()).max(500),
});
export type SaveAssessmentRequest = z.infer<typeof SaveAssessmentRequestSchema>;

export const EditorQuestionSchema = z.object({
  question_id: z.number(),
  position: z.number(),
  content: EditorQuestionContentSchema,
  protected_content: EditorProtectedContentSchema,
  updated_at: z.string(),
});
export type EditorQuestion = z.infer<typeof EditorQuestionSchema>;

/** POST …/get-assessment-pages: the whole assessment as its editors see it. */
export const AssessmentPagesSchema = z.object({
  author_id: z.number(),
  collection_id: z.number(),
  title: z.string(),
  /** A questionnaire is not graded: choice questions only, nothing marked correct. */
  work_type: z.enum(['skill_assessment', 'questionnaire']),
  skills: z.array(z.string()),
  /** The runner language code questions default to. */
  language: LanguageIdSchema.nullable(),
  can_edit: z.boolean(),
  /** Where learners take it (works once it is published). */
  learner_url: z.string(),
  etag: z.string(),
  questions: z.array(EditorQuestionSchema),
});
export type AssessmentPages = z.infer<typeof AssessmentPagesSchema>;

export const SaveQuestionResponseSchema = z.object({ etag: z.string(), question: EditorQuestionSchema });
export type SaveQuestionResponse = z.infer<typeof SaveQuestionResponseSchema>;

export const EditorEtagResponseSchema = z.object({ etag: z.string() });
