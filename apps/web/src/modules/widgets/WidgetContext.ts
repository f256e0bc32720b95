/** What a lesson page tells its widgets. Every field is optional: the gallery and previews pass none. */
export interface WidgetContext {
  /** The page the widgets belong to; code widgets name themselves with it so the server applies hidden code and tests. */
  page?: { author_id: number; collection_id: number; page_id: number; draft?: boolean };
  /** The learner's saved state per comp_id (Lesson.widget_data), e.g. `{ code }` for a code widget. */
  savedData?: Record<string, unknown>;
  /** A signed-in learner reading the published lesson: widgets that keep a learner's place (slides) save it. */
  isLearner?: boolean;
  /** After a code run, so the page can save the learner's code. */
  onCodeRun?: (compId: string, sourceCode: string) => void;
}
