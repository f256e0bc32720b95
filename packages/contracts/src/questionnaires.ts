import { z } from 'zod';

// Questionnaires: ungraded question sets (work type `questionnaire`) whose answers are kept for the
// author. docs/assessments.md "Questionnaires".

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const QuestionnaireParamsSchema = z.strictObject({ authorId: id, collectionId: id });

export const QuestionnaireAnswerSchema = z.strictObject({
  question_id: z.number().int().positive(),
  option_ids: z.array(z.string().min(1).max(64)).min(1, 'Choose an answer.').max(12),
});
export type QuestionnaireAnswer = z.infer<typeof QuestionnaireAnswerSchema>;

/** POST /api/questionnaire/{a}/{c}/responses */
export const SubmitQuestionnaireRequestSchema = z.strictObject({
  answers: z.array(QuestionnaireAnswerSchema).max(500),
});
export type SubmitQuestionnaireRequest = z.infer<typeof SubmitQuestionnaireRequestSchema>;

export interface QuestionnaireQuestion {
  question_id: number;
  kind: 'multiple_choice' | 'multiple_answer';
  text: string;
  options: Array<{ id: string; text: string }>;
}

/** GET /api/questionnaires/{encodedId} and /api/questionnaire/{a}/{c}. */
export interface Questionnaire {
  author_id: number;
  collection_id: number;
  encoded_id: string;
  /** The learner's page, `/questionnaires/{slug}/{encodedId}`: the link an author shares. */
  url: string;
  title: string;
  summary: string;
  overview: string;
  questions: QuestionnaireQuestion[];
  /** The caller's saved answers, if any. */
  my_response: { answers: QuestionnaireAnswer[]; submitted_at: string } | null;
}

export interface SubmitQuestionnaireResponse {
  submitted_at: string;
}

/** GET /api/author/{a}/collection/{c}/questionnaire-responses: what the author reads. */
export interface QuestionnaireResponses {
  response_count: number;
  questions: Array<{
    question_id: number;
    text: string;
    kind: 'multiple_choice' | 'multiple_answer';
    options: Array<{ id: string; text: string; count: number }>;
  }>;
  /** Newest first, at most 200. */
  responses: Array<{
    user_id: number;
    full_name: string;
    submitted_at: string;
    answers: QuestionnaireAnswer[];
  }>;
}
