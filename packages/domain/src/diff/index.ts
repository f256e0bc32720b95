export {
  type DiffLine,
  diffLines,
  diffSequences,
  LINE_DIFF_MAX_CELLS,
  type LineChange,
  type LineDiff,
  splitLines,
} from './lineDiff.js';
export {
  type DiffableWidget,
  diffWidgets,
  type FieldDiff,
  type WidgetChange,
  type WidgetDiff,
  type WidgetListDiff,
} from './widgetDiff.js';
