import type { Widget } from '@coderoom/contracts';

/** Any widget of a list, Columns' children included (they share the leaf shape). */
type ListWidget = Pick<Widget, 'comp_id' | 'type'> & { content: object };

/**
 * Whether two widgets hold the same thing. The server adds the rendered `mdHtml` to Markdown on every
 * save, so it is left out: it follows `text`.
 */
function isSame(left: unknown, right: unknown): boolean {
  return JSON.stringify(left, withoutDerived) === JSON.stringify(right, withoutDerived);
}

function withoutDerived(key: string, value: unknown): unknown {
  if (key === 'mdHtml') return undefined;
  // Sorted keys: the same object built in another order is the same widget.
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return value;
}

function isColumns(widget: ListWidget): widget is ListWidget & { content: { comps: ListWidget[] } } {
  return widget.type === 'Columns';
}

/**
 * One widget changed on both sides: each content field takes the side that changed it (ours when both
 * did); Columns merge their children as a list. A widget whose type we changed is ours as a whole.
 */
function mergeWidget<T extends ListWidget>(base: T, mine: T, theirs: T): T {
  if (isSame(mine, base)) return theirs;
  if (isSame(theirs, base) || mine.type !== base.type || theirs.type !== base.type) return mine;
  if (isColumns(base) && isColumns(mine) && isColumns(theirs)) {
    return {
      ...mine,
      content: { comps: mergeLists(base.content.comps, mine.content.comps, theirs.content.comps) },
    };
  }
  const baseContent = base.content as Record<string, unknown>;
  const mineContent = mine.content as Record<string, unknown>;
  const theirsContent = theirs.content as Record<string, unknown>;
  const content: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(mineContent), ...Object.keys(theirsContent)])) {
    const value = isSame(mineContent[key], baseContent[key]) ? theirsContent[key] : mineContent[key];
    if (value !== undefined) content[key] = value;
  }
  return { ...mine, content };
}

/** The ids of a longest common subsequence of two id lists: the widgets that kept their order. */
function keptInOrder(left: string[], right: string[]): Set<string> {
  const lengths = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0));
  for (let i = left.length - 1; i >= 0; i -= 1) {
    for (let j = right.length - 1; j >= 0; j -= 1) {
      const row = lengths[i] as number[];
      row[j] =
        left[i] === right[j]
          ? (lengths[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(lengths[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (left[i] === right[j]) {
      kept.add(left[i] as string);
      i += 1;
      j += 1;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) i += 1;
    else j += 1;
  }
  return kept;
}

function mergeLists<T extends ListWidget>(base: T[], mine: T[], theirs: T[]): T[] {
  const baseById = new Map(base.map((widget) => [widget.comp_id, widget]));
  const mineById = new Map(mine.map((widget) => [widget.comp_id, widget]));
  const theirsById = new Map(theirs.map((widget) => [widget.comp_id, widget]));
  // Widgets on both sides that are out of their old order are the ones we moved.
  const kept = keptInOrder(
    base.map((widget) => widget.comp_id).filter((id) => mineById.has(id)),
    mine.map((widget) => widget.comp_id).filter((id) => baseById.has(id)),
  );

  // Their list first, without what we removed (unless they changed it since: that change is kept).
  const result: T[] = [];
  for (const widget of theirs) {
    const before = baseById.get(widget.comp_id);
    const ours = mineById.get(widget.comp_id);
    if (!ours) {
      if (before && isSame(widget, before)) continue;
      result.push(widget);
    } else {
      result.push(before ? mergeWidget(before, ours, widget) : ours);
    }
  }

  /** After our previous widget that is still there, or first. */
  const placeAfterOurPrevious = (widget: T, mineAt: number) => {
    for (let at = mineAt - 1; at >= 0; at -= 1) {
      const previousId = mine[at]?.comp_id;
      const index = result.findIndex((entry) => entry.comp_id === previousId);
      if (index >= 0) {
        result.splice(index + 1, 0, widget);
        return;
      }
    }
    result.unshift(widget);
  };

  // Then what we added or moved goes where we put it: after the widget that precedes it on our side.
  mine.forEach((widget, mineAt) => {
    const before = baseById.get(widget.comp_id);
    const theirsWidget = theirsById.get(widget.comp_id);
    if (!before) {
      if (!theirsWidget) placeAfterOurPrevious(widget, mineAt);
      return;
    }
    if (!theirsWidget) {
      // They removed it; we changed it since, so it comes back rather than our change being lost.
      if (!isSame(widget, before)) placeAfterOurPrevious(widget, mineAt);
      return;
    }
    if (kept.has(widget.comp_id)) return;
    const index = result.findIndex((entry) => entry.comp_id === widget.comp_id);
    const [moved] = result.splice(index, 1);
    if (moved) placeAfterOurPrevious(moved, mineAt);
  });
  return result;
}

/**
 * Three-way merge of a lesson's widget list, for a structure save that met someone else's (409): `base`
 * is the list our edits started from, `mine` ours now, `theirs` the server's now. Both sides' additions,
 * removals, moves and field changes are kept; only the same field changed on both sides is decided for
 * ours. A widget one side removed and the other changed stays, with the change.
 */
export function mergeWidgetLists(base: Widget[], mine: Widget[], theirs: Widget[]): Widget[] {
  return mergeLists(base, mine, theirs);
}
