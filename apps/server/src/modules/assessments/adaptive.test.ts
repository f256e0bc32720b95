import { AttemptState, Difficulty, Grade, SkillLevel } from '@coderoom/domain';
import { describe, expect, it } from 'vitest';
import {
  estimateText,
  gradeOf,
  isChoiceCorrect,
  maxPoints,
  nextDifficulty,
  pickQuestion,
  QUESTIONS_PER_ATTEMPT,
  scoreOf,
  skillBreakdown,
  skillLevelFor,
} from './adaptive.js';

const { Easy, Medium, Hard } = Difficulty;

describe('nextDifficulty', () => {
  it('goes one step harder after a right answer and stops at hard', () => {
    expect(nextDifficulty(Easy, true)).toBe(Medium);
    expect(nextDifficulty(Medium, true)).toBe(Hard);
    expect(nextDifficulty(Hard, true)).toBe(Hard);
  });

  it('goes one step easier after a wrong answer and stops at easy', () => {
    expect(nextDifficulty(Hard, false)).toBe(Medium);
    expect(nextDifficulty(Medium, false)).toBe(Easy);
    expect(nextDifficulty(Easy, false)).toBe(Easy);
  });
});

describe('pickQuestion', () => {
  const pool = [
    { id: 1, difficulty: Easy },
    { id: 2, difficulty: Medium },
    { id: 3, difficulty: Medium },
    { id: 4, difficulty: Hard },
  ];

  it('takes an unasked question at the wanted difficulty', () => {
    expect(pickQuestion(pool, new Set([2]), Medium)?.id).toBe(3);
    expect(pickQuestion(pool, new Set(), Medium, () => 0.99)?.id).toBe(3);
    expect(pickQuestion(pool, new Set(), Medium, () => 0)?.id).toBe(2);
  });

  it('falls back to the nearest level, the easier one on a tie', () => {
    expect(pickQuestion(pool, new Set([4]), Hard, () => 0)?.id).toBe(2);
    expect(pickQuestion(pool, new Set([2, 3]), Medium)?.id).toBe(1);
  });

  it('returns null when every question was asked', () => {
    expect(pickQuestion(pool, new Set([1, 2, 3, 4]), Easy)).toBeNull();
  });
});

describe('scoreOf', () => {
  it('puts all wrong at the minimum and all right at the maximum', () => {
    const wrong = Array.from({ length: 6 }, () => ({ difficulty: Easy, isCorrect: false }));
    expect(scoreOf(wrong)).toBe(100);
    const right = [Medium, Hard, Hard, Hard, Hard, Hard].map((difficulty) => ({
      difficulty,
      isCorrect: true,
    }));
    expect(scoreOf(right)).toBe(1000);
    expect(scoreOf([])).toBe(100);
  });

  it('weighs right answers by difficulty over what all-right answers earn', () => {
    // Medium right (2), hard wrong, medium right (2), hard right (3), hard right (3), hard wrong: 10 of 17.
    const answers = [
      { difficulty: Medium, isCorrect: true },
      { difficulty: Hard, isCorrect: false },
      { difficulty: Medium, isCorrect: true },
      { difficulty: Hard, isCorrect: true },
      { difficulty: Hard, isCorrect: true },
      { difficulty: Hard, isCorrect: false },
    ];
    expect(maxPoints(6)).toBe(17);
    expect(scoreOf(answers)).toBe(Math.round(100 + (900 * 10) / 17));
  });

  it('ranks an easy streak below a hard streak', () => {
    const easy = Array.from({ length: 6 }, () => ({ difficulty: Easy, isCorrect: true }));
    expect(scoreOf(easy)).toBeLessThan(500);
  });
});

describe('levels, grades and estimate', () => {
  it('maps scores to the spec skill levels', () => {
    expect(skillLevelFor(100)).toBe(SkillLevel.Beginner);
    expect(skillLevelFor(499)).toBe(SkillLevel.Beginner);
    expect(skillLevelFor(500)).toBe(SkillLevel.Proficient);
    expect(skillLevelFor(749)).toBe(SkillLevel.Proficient);
    expect(skillLevelFor(750)).toBe(SkillLevel.Expert);
    expect(skillLevelFor(1000)).toBe(SkillLevel.Expert);
  });

  it('grades completed attempts only, passing at the proficient score', () => {
    expect(gradeOf(AttemptState.InProgress, null)).toBe(Grade.Ungraded);
    expect(gradeOf(AttemptState.Abandoned, 900)).toBe(Grade.Ungraded);
    expect(gradeOf(AttemptState.Completed, 499)).toBe(Grade.Fail);
    expect(gradeOf(AttemptState.Completed, 500)).toBe(Grade.Pass);
  });

  it('writes the estimate from the question count', () => {
    expect(QUESTIONS_PER_ATTEMPT).toBe(6);
    expect(estimateText(18)).toBe('Est. 3 mins (Approx. 6 Qs)');
    expect(estimateText(4)).toBe('Est. 2 mins (Approx. 4 Qs)');
  });
});

describe('skillBreakdown and isChoiceCorrect', () => {
  it('tallies answers per skill with a rounded percentage', () => {
    expect(
      skillBreakdown([
        { skill: 'Syntax', isCorrect: true },
        { skill: 'Functions', isCorrect: false },
        { skill: 'Syntax', isCorrect: false },
        { skill: 'Syntax', isCorrect: true },
      ]),
    ).toEqual([
      { skill: 'Syntax', answered: 3, correct: 2, percent: 67 },
      { skill: 'Functions', answered: 1, correct: 0, percent: 0 },
    ]);
  });

  it('needs exactly the correct options', () => {
    expect(isChoiceCorrect(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isChoiceCorrect(['a'], ['a', 'b'])).toBe(false);
    expect(isChoiceCorrect(['a', 'b', 'c'], ['a', 'b'])).toBe(false);
    expect(isChoiceCorrect(['a', 'a'], ['a'])).toBe(true);
  });
});
