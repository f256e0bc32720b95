import type {
  AssessmentQuestion,
  AssessmentResultSummary,
  AttemptProgress,
  SkillStat,
} from '@coderoom/contracts';
import type { SkillLevel } from '@coderoom/domain';
import { SKILL_LEVEL_LABEL } from './adaptive.js';
import type { AttemptRow, QuestionRow, SkillStatRow } from './assessments.repository.js';

// Rows → the contract's shapes. protected_content is dropped here and nowhere else, so no route can
// send a correct option id, a hidden test case or a solution by accident.

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
