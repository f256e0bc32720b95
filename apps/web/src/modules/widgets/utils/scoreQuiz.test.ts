import { describe, expect, it } from 'vitest';
import { scoreQuiz } from './scoreQuiz';

const questions = [
  {
    id: 'q1',
    text: 'Pick one',
    options: [
      { id: 'a', text: 'A', correct: true },
      { id: 'b', text: 'B', correct: false },
    ],
  },
  {
    id: 'q2',
    text: 'Pick all that apply',
    multiple: true,
    options: [
      { id: 'x', text: 'X', correct: true },
      { id: 'y', text: 'Y', correct: true },
      { id: 'z', text: 'Z', correct: false },
    ],
  },
];

describe('scoreQuiz', () => {
  it('counts a question right only when every correct option and nothing else is chosen', () => {
    const score = scoreQuiz(questions, { q1: ['a'], q2: ['x'] });
    expect(score.questions).toEqual({ q1: true, q2: false });
    expect(score.correctCount).toBe(1);
    expect(score.total).toBe(2);
  });

  it('marks each option', () => {
    const score = scoreQuiz(questions, { q1: ['b'], q2: ['x', 'z'] });
    expect(score.options).toEqual({
      q1: { a: 'missed', b: 'incorrect' },
      q2: { x: 'correct', y: 'missed', z: 'incorrect' },
    });
  });

  it('treats an unanswered question as wrong', () => {
    expect(scoreQuiz(questions, {}).correctCount).toBe(0);
  });
});
