import {
  AttemptState,
  assessmentEstimateText,
  Difficulty,
  Grade,
  SkillLevel,
  SkillScore,
  skillLevelFor,
} from '@coderoom/domain';

// The adaptive rules of a skill assessment, pure so they can be tested without a database
// (docs/assessments.md). Difficulty moves one step per answer; the score weighs each right answer by
// the difficulty of its question and lands on the spec's 100–1000 scale.

/** Questions per attempt; the estimate text is computed from it ('Est. 3 mins (Approx. 6 Qs)'). */
export const QUESTIONS_PER_ATTEMPT = 6;

/** Every attempt opens in the middle, so one answer can move either way. */
export const FIRST_DIFFICULTY: Difficulty = Difficulty.Medium;

const LADDER: readonly Difficulty[] = [Difficulty.Easy, Difficulty.Medium, Difficulty.Hard];

/** Points a right answer earns: a hard question is worth three easy ones. */
const WEIGHT: Record<Difficulty, number> = {
  [Difficulty.Easy]: 1,
  [Difficulty.Medium]: 2,
  [Difficulty.Hard]: 3,
};

/** One step harder after a right answer, one step easier after a wrong one, within Easy…Hard. */
export function nextDifficulty(current: Difficulty, wasCorrect: boolean): Difficulty {
  const index = LADDER.indexOf(current);
  const next = Math.min(LADDER.length - 1, Math.max(0, index + (wasCorrect ? 1 : -1)));
  return LADDER[next] ?? current;
}

export interface Candidate {
  id: number;
  difficulty: Difficulty;
}

/**
 * The next question: an unasked one at the wanted difficulty, picked at random so two attempts differ.
 * When that level is used up, the nearest level is taken (ties go to the easier one).
 */
export function pickQuestion<Question extends Candidate>(
  pool: readonly Question[],
  askedIds: ReadonlySet<number>,
  wanted: Difficulty,
  random: () => number = Math.random,
): Question | null {
  const unasked = pool.filter((question) => !askedIds.has(question.id));
  if (unasked.length === 0) return null;
  const wantedIndex = LADDER.indexOf(wanted);
  const distance = (question: Question) => Math.abs(LADDER.indexOf(question.difficulty) - wantedIndex);
  const best = Math.min(...unasked.map(distance));
  const nearest = unasked.filter((question) => distance(question) === best);
  const easiest = Math.min(...nearest.map((question) => LADDER.indexOf(question.difficulty)));
  const candidates = nearest.filter((question) => LADDER.indexOf(question.difficulty) === easiest);
  return candidates[Math.floor(random() * candidates.length)] ?? candidates[0] ?? null;
}

export interface GradedAnswer {
  difficulty: Difficulty;
  isCorrect: boolean;
}

/** The most an attempt of `count` questions can earn: every answer right, so every step goes harder. */
export function maxPoints(count: number): number {
  let difficulty = FIRST_DIFFICULTY;
  let points = 0;
  for (let index = 0; index < count; index += 1) {
    points += WEIGHT[difficulty];
    difficulty = nextDifficulty(difficulty, true);
  }
  return points;
}

/**
 * min + (max − min) × earned ÷ attainable, rounded: earned sums the weights (easy 1, medium 2, hard 3)
 * of the right answers; attainable is what all-right answers earn over the same number of questions.
 * All wrong is 100, all right is 1000.
 */
export function scoreOf(answers: readonly GradedAnswer[]): number {
  if (answers.length === 0) return SkillScore.Min;
  const earned = answers.reduce((sum, answer) => sum + (answer.isCorrect ? WEIGHT[answer.difficulty] : 0), 0);
  const ratio = Math.min(1, earned / maxPoints(answers.length));
  return Math.round(SkillScore.Min + (SkillScore.Max - SkillScore.Min) * ratio);
}

export { skillLevelFor };

export const SKILL_LEVEL_LABEL: Record<SkillLevel, string> = {
  [SkillLevel.Beginner]: 'Beginner',
  [SkillLevel.Proficient]: 'Proficient',
  [SkillLevel.Expert]: 'Expert',
};

/** A finished attempt passes at the proficient score; an unfinished one is ungraded. */
export function gradeOf(state: AttemptState, score: number | null): number {
  if (state !== AttemptState.Completed || score === null) return Grade.Ungraded;
  return score >= SkillScore.Proficient ? Grade.Pass : Grade.Fail;
}

/** The estimate shown before starting: the questions an attempt asks, at most as many as the pool has. */
export function estimateText(poolSize: number): string {
  return assessmentEstimateText(Math.min(poolSize, QUESTIONS_PER_ATTEMPT));
}

export interface SkillTally {
  skill: string;
  answered: number;
  correct: number;
  percent: number;
}

/** Per-skill breakdown, in the order skills were first asked. */
export function skillBreakdown(answers: ReadonlyArray<{ skill: string; isCorrect: boolean }>): SkillTally[] {
  const bySkill = new Map<string, { answered: number; correct: number }>();
  for (const answer of answers) {
    const tally = bySkill.get(answer.skill) ?? { answered: 0, correct: 0 };
    tally.answered += 1;
    if (answer.isCorrect) tally.correct += 1;
    bySkill.set(answer.skill, tally);
  }
  return [...bySkill].map(([skill, tally]) => ({
    skill,
    ...tally,
    percent: Math.round((tally.correct / tally.answered) * 100),
  }));
}

/** A choice question is right when exactly the correct options are chosen (order does not matter). */
export function isChoiceCorrect(chosen: readonly string[], correct: readonly string[]): boolean {
  const picked = new Set(chosen);
  return picked.size === correct.length && correct.every((id) => picked.has(id));
}
