import { diffLines, diffSequences, type LineDiff } from './lineDiff.js';

// Compares two widget lists of a page, widget by widget (matched by comp_id, which is unique in a
// page, nested widgets included). Each changed widget lists its changed fields with a line diff.

/** The shape every widget has; content is type-specific and compared field by field. */
export interface DiffableWidget {
  type: string;
  comp_id: string;
  content?: unknown;
}

export type WidgetChange = 'added' | 'removed' | 'changed';

export interface FieldDiff {
  /** Where the field sits in the widget's content, e.g. `text`, `frames.2.caption`. */
  path: string;
  diff: LineDiff;
}

export interface WidgetDiff {
  comp_id: string;
  type: string;
  change: WidgetChange;
  /** The widget's type before, when a comp_id changed type. */
  previous_type?: string;
  /** Kept but now in another place relative to the other kept widgets. */
  moved: boolean;
  /** The Columns widget holding it, if any (in the newer list; in the older one for removed widgets). */
  parent_comp_id: string | null;
  fields: FieldDiff[];
}

export interface WidgetListDiff {
  widgets: WidgetDiff[];
  unchanged: number;
}

/** Derived on save from another field (mdHtml is rendered from text), so never a change of its own. */
const DERIVED_FIELDS = new Set(['mdHtml']);

interface FlatWidget {
  widget: DiffableWidget;
  parent: string | null;
  fields: Map<string, string>;
}

function isWidget(value: unknown): value is DiffableWidget {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as DiffableWidget).comp_id === 'string' &&
    typeof (value as DiffableWidget).type === 'string'
  );
}

/** Leaf fields of a widget's content as text; nested widgets (Columns) become their comp_id list. */
function fieldsOf(content: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value) && value.length > 0 && value.every(isWidget)) {
      fields.set(path, value.map((widget) => widget.comp_id).join('\n'));
    } else if (Array.isArray(value)) {
      if (value.length === 0) fields.set(path, '');
      for (const [index, item] of value.entries()) visit(item, path ? `${path}.${index}` : String(index));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!DERIVED_FIELDS.has(key)) visit(item, path ? `${path}.${key}` : key);
      }
    } else if (value !== undefined) {
      fields.set(path, typeof value === 'string' ? value : JSON.stringify(value));
    }
  };
  visit(content, '');
  return fields;
}

/** Every widget in page order, Columns before the widgets they hold. */
function flatten(widgets: readonly DiffableWidget[]): FlatWidget[] {
  const result: FlatWidget[] = [];
  const visit = (widget: DiffableWidget, parent: string | null) => {
    result.push({ widget, parent, fields: fieldsOf(widget.content) });
    const comps = (widget.content as { comps?: unknown } | undefined)?.comps;
    if (Array.isArray(comps)) for (const inner of comps.filter(isWidget)) visit(inner, widget.comp_id);
  };
  for (const widget of widgets) visit(widget, null);
  return result;
}

function changedFields(before: Map<string, string>, after: Map<string, string>): FieldDiff[] {
  const paths = [...new Set([...after.keys(), ...before.keys()])];
  return paths.flatMap((path) => {
    const old = before.get(path) ?? '';
    const current = after.get(path) ?? '';
    return old === current ? [] : [{ path, diff: diffLines(old, current) }];
  });
}

/** What turns `before` into `after`: widgets in the order of `after`, removed ones where they stood. */
export function diffWidgets(
  before: readonly DiffableWidget[],
  after: readonly DiffableWidget[],
): WidgetListDiff {
  const oldFlat = flatten(before);
  const newFlat = flatten(after);
  const oldById = new Map(oldFlat.map((entry) => [entry.widget.comp_id, entry]));
  const newIds = new Set(newFlat.map((entry) => entry.widget.comp_id));
  // Kept widgets off the longest run in common order are the ones that moved.
  const keptOld = oldFlat.map((entry) => entry.widget.comp_id).filter((id) => newIds.has(id));
  const keptNew = newFlat.map((entry) => entry.widget.comp_id).filter((id) => oldById.has(id));
  const moved = new Set(
    diffSequences(keptOld, keptNew)
      .lines.filter((line) => line.change === 'added')
      .map((line) => line.text),
  );

  const widgets: WidgetDiff[] = [];
  let unchanged = 0;
  let oldCursor = 0;
  const emitRemovedUpTo = (oldIndex: number) => {
    for (; oldCursor < oldIndex; oldCursor += 1) {
      const entry = oldFlat[oldCursor] as FlatWidget;
      if (newIds.has(entry.widget.comp_id)) continue;
      widgets.push({
        comp_id: entry.widget.comp_id,
        type: entry.widget.type,
        change: 'removed',
        moved: false,
        parent_comp_id: entry.parent,
        fields: changedFields(entry.fields, new Map()),
      });
    }
  };
  // Removed widgets go before whatever was added in the same gap, as in a unified diff: for each new
  // position, the old position of the next widget kept in place.
  const anchors: number[] = new Array(newFlat.length);
  let anchor = oldFlat.length;
  for (let index = newFlat.length - 1; index >= 0; index -= 1) {
    const id = (newFlat[index] as FlatWidget).widget.comp_id;
    const old = oldById.get(id);
    if (old && !moved.has(id)) anchor = oldFlat.indexOf(old);
    anchors[index] = anchor;
  }
  for (const [index, entry] of newFlat.entries()) {
    const id = entry.widget.comp_id;
    const old = oldById.get(id);
    if (!old) {
      emitRemovedUpTo(anchors[index] as number);
      widgets.push({
        comp_id: id,
        type: entry.widget.type,
        change: 'added',
        moved: false,
        parent_comp_id: entry.parent,
        fields: changedFields(new Map(), entry.fields),
      });
      continue;
    }
    if (!moved.has(id)) emitRemovedUpTo(oldFlat.indexOf(old));
    const fields = changedFields(old.fields, entry.fields);
    const typeChanged = old.widget.type !== entry.widget.type;
    if (fields.length === 0 && !typeChanged && !moved.has(id) && old.parent === entry.parent) {
      unchanged += 1;
      continue;
    }
    widgets.push({
      comp_id: id,
      type: entry.widget.type,
      change: 'changed',
      ...(typeChanged ? { previous_type: old.widget.type } : {}),
      moved: moved.has(id) || old.parent !== entry.parent,
      parent_comp_id: entry.parent,
      fields,
    });
  }
  emitRemovedUpTo(oldFlat.length);
  return { widgets, unchanged };
}
