import type { QuizQuestionSchema } from '@coderoom/contracts';
import type { z } from 'zod';

type QuizQuestion = z.input<typeof QuizQuestionSchema>;

export type OptionVerdict = 'correct' | 'incorrect' | 'missed' | 'neutral';

export interface QuizScore {
  /** Per question: every correct option chosen and no other. */
  questions: Record<string, boolean>;
  /** Per option id within its question: chosen and right, chosen and wrong, right but not chosen, neither. */
  options: Record<string, Record<string, OptionVerdict>>;
  correctCount: number;
  total: number;
}

/** Marks a learner's answers; `answers` maps a question id to the option ids they chose. */
export function scoreQuiz(
  questions: readonly QuizQuestion[],
  answers: Record<string, readonly string[]>,
): QuizScore {
  const score: QuizScore = { questions: {}, options: {}, correctCount: 0, total: questions.length };
  for (const question of questions) {
    const chosen = new Set(answers[question.id] ?? []);
    const verdicts: Record<string, OptionVerdict> = {};
    let isRight = true;
    for (const option of question.options) {
      const picked = chosen.has(option.id);
      if (picked !== option.correct) isRight = false;
      verdicts[option.id] = picked
        ? option.correct
          ? 'correct'
          : 'incorrect'
        : option.correct
          ? 'missed'
          : 'neutral';
    }
    score.questions[question.id] = isRight;
    score.options[question.id] = verdicts;
    if (isRight) score.correctCount += 1;
  }
  return score;
}
