import { createHash } from 'node:crypto';
import type { CodeWidgetContent, ReviewChecklist, Widget } from '@coderoom/contracts';
import { ItemStatus } from '@coderoom/domain';
import { type Runner, RunnerError } from '@coderoom/runner';
import type { CollectionRow, PageRow } from '../../db/schema.js';
import type { Db } from '../../platform/db/database.js';
import type { ContentService } from '../content/content.service.js';
import { programOf } from '../execution/execution.service.js';
import { type CourseFacts, courseChecklist, type SolutionVerdict } from './reviewChecklist.js';

// Gathers what the review quality gate looks at: the draft's details, its lessons and their widgets, and
// the verdict of the sandbox on each code exercise's reference solution (docs/authoring.md).

export interface ReviewGateDeps {
  db: Db;
  content: Pick<ContentService, 'draftPagesOf'>;
  /** Runs reference solutions; without it (tests of other modules) they are not checked. */
  runner?: Pick<Runner, 'judge'>;
}

/** Verdicts kept by the widget's content hash: opening the checklist again does not rerun the sandbox. */
const VERDICT_CACHE_SIZE = 500;

function codeWidgetsOf(widgets: Widget[]): CodeWidgetContent[] {
  return widgets.flatMap((widget) => {
    if (widget.type === 'Columns') return codeWidgetsOf(widget.content.comps as Widget[]);
    return widget.type === 'Code' ? [widget.content] : [];
  });
}

/** A code exercise is one the learner's answer is judged in: tests and judging on. */
const isExercise = (widget: CodeWidgetContent) => widget.judge && widget.testCases.length > 0;

export function createReviewGate({ db, content, runner }: ReviewGateDeps) {
  const verdicts = new Map<string, Omit<SolutionVerdict, 'lessonTitle' | 'number'>>();

  async function judgeSolution(widget: CodeWidgetContent) {
    const solution = widget.solution ?? '';
    if (solution.trim() === '') return { outcome: 'missing' as const };
    if (!runner) return { outcome: 'passed' as const };
    const key = createHash('sha256').update(JSON.stringify(widget)).digest('hex');
    const known = verdicts.get(key);
    if (known) return known;
    try {
      const result = await runner.judge({
        ...programOf(widget, { source_code: solution }),
        test_cases: widget.testCases.map((testCase) => ({
          input: testCase.input,
          expected_output: testCase.output,
          hidden: testCase.hidden,
          ...(testCase.comparison ? { comparison: testCase.comparison } : {}),
        })),
      });
      const verdict = {
        outcome: result.all_passed ? ('passed' as const) : ('failed' as const),
        passed: result.passed,
        total: result.total,
      };
      if (verdicts.size >= VERDICT_CACHE_SIZE) verdicts.clear();
      verdicts.set(key, verdict);
      return verdict;
    } catch (error) {
      // A busy or broken sandbox is not the author's fault: said so, and not remembered.
      if (error instanceof RunnerError) return { outcome: 'unavailable' as const };
      throw error;
    }
  }

  /** The lessons of the draft TOC, in order, with their pages. */
  function lessonsOf(collection: CollectionRow, pages: PageRow[]): PageRow[] {
    const byId = new Map(pages.map((page) => [page.id, page]));
    return collection.toc.flatMap((category) =>
      category.pages.flatMap((entry) => {
        const page = byId.get(entry.page_id);
        return page && page.status !== ItemStatus.Deleted ? [page] : [];
      }),
    );
  }

  return {
    /** The checklist of a course's draft (other work types have their own editors' checks). */
    async checklistOf(collection: CollectionRow): Promise<ReviewChecklist> {
      const lessons = lessonsOf(collection, await content.draftPagesOf(db, collection.id));
      const exercises = lessons.flatMap((page) =>
        codeWidgetsOf(page.components as Widget[])
          .filter(isExercise)
          .map((widget, index) => ({ page, widget, number: index + 1 })),
      );
      const solutions = await Promise.all(
        exercises.map(async ({ page, widget, number }) => ({
          lessonTitle: page.title,
          number,
          ...(await judgeSolution(widget)),
        })),
      );
      const facts: CourseFacts = {
        title: collection.title,
        summary: collection.summary,
        coverImageUrl: collection.coverImageUrl,
        lessons: lessons.map((page) => ({
          title: page.title,
          widgetCount: (page.components as Widget[]).length,
        })),
        solutions,
      };
      return courseChecklist(facts);
    },
  };
}

export type ReviewGate = ReturnType<typeof createReviewGate>;
