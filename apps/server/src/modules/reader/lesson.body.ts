import type { Lesson } from '@coderoom/contracts';
import { type PreparedJson, prepareJson } from '../../platform/http/preparedJson.js';

// A lesson answer as JSON text in two parts (docs/performance.md, "Prepared lesson answers"): what every
// reader of a published lesson version gets (page, course, outline, neighbours), serialized once, and the
// caller's own part (completion, progress, widget data), appended per learner. The two joined are exactly
// JSON.stringify of the whole Lesson, key order included (lesson.body.test.ts).

/** The parts of a lesson that are the same for every reader who may read it (and may or may not edit). */
export type SharedLesson = Omit<Lesson, 'is_completed' | 'progress' | 'widget_data'>;
/** The caller's own part of a lesson. */
export type LearnerLesson = Pick<Lesson, 'is_completed' | 'progress' | 'widget_data'>;

/** The shared part as JSON without its closing brace, ready for a learner's part to be appended. */
export function sharedLessonHead(shared: SharedLesson): string {
  const json = JSON.stringify({
    page: shared.page,
    course: shared.course,
    toc: shared.toc,
    previous: shared.previous,
    next: shared.next,
  });
  return json.slice(0, -1);
}

/** The whole answer: the shared head and the caller's part, with its validator. */
export function lessonJson(head: string, learner: LearnerLesson): PreparedJson {
  return prepareJson(
    `${head},"is_completed":${JSON.stringify(learner.is_completed)},"progress":${JSON.stringify(learner.progress)},"widget_data":${JSON.stringify(learner.widget_data)}}`,
  );
}

/** A visitor's part: nothing of their own. */
export const VISITOR_LESSON: LearnerLesson = { is_completed: false, progress: null, widget_data: {} };
