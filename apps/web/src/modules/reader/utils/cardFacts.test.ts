import { describe, expect, it } from 'vitest';
import { cardFacts } from './cardFacts';

const course = {
  difficulty: 'beginner',
  work_type: 'course',
  lesson_count: 1,
  estimated_minutes: 95,
  learner_count: 0,
} as const;

describe('cardFacts', () => {
  it('names the level, counts lessons in the right number and gives the length', () => {
    expect(cardFacts(course)).toEqual(['Beginner', '1 lesson', '1 h 35 min']);
    expect(cardFacts({ ...course, lesson_count: 7, learner_count: 1 })).toEqual([
      'Beginner',
      '7 lessons',
      '1 h 35 min',
      '1 learner',
    ]);
  });

  it('leaves lessons out for kinds that have none', () => {
    expect(cardFacts({ ...course, work_type: 'standalone_project', learner_count: 2 })).toEqual([
      'Beginner',
      '2 learners',
    ]);
  });
});
