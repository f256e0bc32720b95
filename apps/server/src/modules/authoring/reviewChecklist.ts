import type { ReviewChecklist, ReviewChecklistItem } from '@coderoom/contracts';

// The review quality gate as rules (docs/authoring.md "Review quality gate"): what a course must have
// before a reviewer sees it. Pure: the service gathers the draft and the sandbox's verdicts.

export interface LessonFacts {
  title: string;
  widgetCount: number;
}

/** A code widget whose reference solution was run against its own test cases. */
export interface SolutionVerdict {
  lessonTitle: string;
  /** 1-based position among the lesson's code widgets with tests. */
  number: number;
  outcome: 'passed' | 'failed' | 'missing' | 'unavailable';
  passed?: number;
  total?: number;
}

export interface CourseFacts {
  title: string;
  summary: string;
  coverImageUrl: string | null;
  lessons: LessonFacts[];
  solutions: SolutionVerdict[];
}

const lessonName = (title: string) => (title.trim() ? `"${title.trim()}"` : 'without a title');

function solutionProblem(verdict: SolutionVerdict): string | null {
  const where = `Lesson ${lessonName(verdict.lessonTitle)}, code widget ${verdict.number}`;
  if (verdict.outcome === 'missing') return `${where}: add a solution that passes its tests.`;
  if (verdict.outcome === 'failed') {
    const tally = verdict.total ? ` (${verdict.passed ?? 0} of ${verdict.total} tests passed)` : '';
    return `${where}: the solution fails its tests${tally}.`;
  }
  if (verdict.outcome === 'unavailable')
    return `${where}: the sandbox could not run the solution; try again.`;
  return null;
}

const item = (key: ReviewChecklistItem['key'], label: string, problems: string[]): ReviewChecklistItem => ({
  key,
  label,
  passed: problems.length === 0,
  problems,
});

export function courseChecklist(facts: CourseFacts): ReviewChecklist {
  const items = [
    item('title', 'The course has a title', facts.title.trim() ? [] : ['Give the course a title.']),
    item(
      'summary',
      'The course has a summary',
      facts.summary.trim() ? [] : ['Write a summary of the course.'],
    ),
    item('cover', 'The course has a cover image', facts.coverImageUrl ? [] : ['Upload a cover image.']),
    item('lessons', 'The course has lessons', facts.lessons.length > 0 ? [] : ['Add at least one lesson.']),
    item(
      'lesson_content',
      'Every lesson has content',
      facts.lessons
        .filter((lesson) => lesson.widgetCount === 0)
        .map((lesson) => `Lesson ${lessonName(lesson.title)} has no content.`),
    ),
    item(
      'widget_solutions',
      'Every code exercise’s solution passes its tests',
      facts.solutions.flatMap((verdict) => solutionProblem(verdict) ?? []),
    ),
  ];
  return { ready: items.every((entry) => entry.passed), items };
}

/** submit-for-review's refusal: one entry per failing check, keyed `checklist.{key}`. */
export function checklistErrors(checklist: ReviewChecklist): Record<string, string> {
  return Object.fromEntries(
    checklist.items
      .filter((entry) => !entry.passed)
      .map((entry) => [`checklist.${entry.key}`, entry.problems.join(' ')]),
  );
}
