import type {
  AssessmentQuestion,
  AssessmentResultSummary,
  AssessmentShare,
  AttemptProgress,
  ReviewedQuestion,
  SkillStat,
} from '@coderoom/contracts';
import type { SkillLevel } from '@coderoom/domain';
import { SKILL_LEVEL_LABEL } from './adaptive.js';
import type {
  AskedQuestion,
  AttemptRow,
  QuestionRow,
  ShareRow,
  SkillStatRow,
} from './assessments.repository.js';

// Rows → the contract's shapes. protected_content is dropped here for questions being asked; only
// presentReviewedQuestion, reached for completed attempts alone (canReview), shows the right answers.

export function presentProgress(attempt: AttemptRow, authorId: number): AttemptProgress {
  return {
    attempt_id: attempt.id,
    author_id: authorId,
    collection_id: attempt.collectionId,
    state: attempt.state,
    answered: attempt.answers.filter((entry) => entry.is_correct !== null).length,
    total: attempt.questionCount,
    current_question_id: attempt.currentQuestionId,
  };
}

export function presentQuestion(question: QuestionRow, attempt: AttemptRow): AssessmentQuestion {
  const index = attempt.answers.findIndex((entry) => entry.question_id === question.id);
  const asked = attempt.answers[index];
  return {
    question_id: question.id,
    kind: question.kind,
    difficulty: question.difficulty,
    skill: question.skill,
    text: question.content.text,
    options: question.content.options.map((option) => ({ id: option.id, text: option.text })),
    language: question.content.language,
    starter_code: question.content.starter_code,
    number: index + 1,
    is_answered: asked ? asked.is_correct !== null : false,
  };
}

export function levelLabel(level: number | null): string {
  return level === null ? '' : (SKILL_LEVEL_LABEL[level as SkillLevel] ?? '');
}

export function presentResultSummary(attempt: AttemptRow): AssessmentResultSummary {
  return {
    attempt_id: attempt.id,
    score: attempt.score ?? 0,
    skill_level: attempt.skillLevel ?? 0,
    skill_level_label: levelLabel(attempt.skillLevel),
    grade: attempt.grade,
    completed_at: (attempt.completedAt ?? attempt.updatedAt).toISOString(),
  };
}

export function presentSkillStat(row: SkillStatRow): SkillStat {
  return { skill: row.skill, answered: row.answered, correct: row.correct, percent: row.percent };
}

/**
 * A question of a completed attempt with the learner's answer beside the right one, the explanation and, for
 * code, the reference solution. Hidden test cases stay hidden: only how many passed is shown.
 */
export function presentReviewedQuestion(
  question: QuestionRow,
  asked: AskedQuestion,
  number: number,
): ReviewedQuestion {
  const secret = question.protectedContent;
  const given = asked.given;
  const chosen = new Set(given && 'option_ids' in given ? given.option_ids : []);
  const correct = new Set(secret.correct_option_ids);
  const code = given && 'source_code' in given ? given : null;
  return {
    question_id: question.id,
    number,
    kind: question.kind,
    difficulty: question.difficulty,
    skill: question.skill,
    text: question.content.text,
    options: question.content.options.map((option) => ({
      id: option.id,
      text: option.text,
      is_correct: correct.has(option.id),
      is_chosen: chosen.has(option.id),
    })),
    language: question.content.language,
    is_correct: asked.is_correct === true,
    your_code: code?.source_code ?? null,
    tests_passed: code?.tests_passed ?? null,
    tests_total: code?.tests_total ?? null,
    is_answer_recorded: given !== undefined,
    explanation: secret.explanation || null,
    solution: question.kind === 'code' ? secret.solution : null,
  };
}

export const sharePath = (token: string) => `/shared/assessment/${token}`;

export function presentShare(share: ShareRow): AssessmentShare {
  return { token: share.token, path: sharePath(share.token), created_at: share.createdAt.toISOString() };
}
