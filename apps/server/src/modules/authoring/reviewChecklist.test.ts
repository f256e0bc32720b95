import { describe, expect, it } from 'vitest';
import { checklistErrors, courseChecklist } from './reviewChecklist.js';

const complete = {
  title: 'Loops',
  summary: 'Repeat things.',
  coverImageUrl: '/api/assets/cover.png',
  lessons: [{ title: 'For', widgetCount: 2 }],
  solutions: [{ lessonTitle: 'For', number: 1, outcome: 'passed' as const, passed: 2, total: 2 }],
};

describe('the review quality gate', () => {
  it('passes a complete course', () => {
    const checklist = courseChecklist(complete);
    expect(checklist.ready).toBe(true);
    expect(checklistErrors(checklist)).toEqual({});
  });

  it('names each problem, keyed by check', () => {
    const checklist = courseChecklist({
      title: '  ',
      summary: '',
      coverImageUrl: null,
      lessons: [
        { title: 'For', widgetCount: 0 },
        { title: '', widgetCount: 0 },
      ],
      solutions: [
        { lessonTitle: 'While', number: 2, outcome: 'failed', passed: 1, total: 3 },
        { lessonTitle: 'While', number: 3, outcome: 'missing' },
        { lessonTitle: 'While', number: 4, outcome: 'unavailable' },
      ],
    });
    expect(checklist.ready).toBe(false);
    expect(checklistErrors(checklist)).toEqual({
      'checklist.title': 'Give the course a title.',
      'checklist.summary': 'Write a summary of the course.',
      'checklist.cover': 'Upload a cover image.',
      'checklist.lesson_content': 'Lesson "For" has no content. Lesson without a title has no content.',
      'checklist.widget_solutions': [
        'Lesson "While", code widget 2: the solution fails its tests (1 of 3 tests passed).',
        'Lesson "While", code widget 3: add a solution that passes its tests.',
        'Lesson "While", code widget 4: the sandbox could not run the solution; try again.',
      ].join(' '),
    });
  });

  it('asks for lessons in an empty course', () => {
    const checklist = courseChecklist({ ...complete, lessons: [], solutions: [] });
    expect(checklist.items.find((item) => item.key === 'lessons')?.problems).toEqual([
      'Add at least one lesson.',
    ]);
  });
});
