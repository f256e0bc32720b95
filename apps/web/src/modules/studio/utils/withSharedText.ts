import type { Widget } from '@coderoom/contracts';
import type { SharedMap } from '../../collab/utils/collabDocument';

/** Reads and writes the field a shared map holds (Markdown text, Code widgets' starter code). */
const FIELDS: Record<
  SharedMap,
  { read(widget: Widget): string | undefined; write(widget: Widget, text: string): Widget }
> = {
  markdown: {
    read: (widget) => (widget.type === 'MarkdownEditor' ? widget.content.text : undefined),
    // The rendered mdHtml would be stale; the server renders it again on save.
    write: (widget, text) => (widget.type === 'MarkdownEditor' ? { ...widget, content: { text } } : widget),
  },
  code: {
    read: (widget) => (widget.type === 'Code' ? widget.content.code : undefined),
    write: (widget, text) =>
      widget.type === 'Code' ? { ...widget, content: { ...widget.content, code: text } } : widget,
  },
};

/** The widgets with one shared field of one widget replaced (nested in Columns too); the rest untouched. */
export function withSharedText(widgets: Widget[], map: SharedMap, compId: string, text: string): Widget[] {
  const field = FIELDS[map];
  let changed = false;
  const visit = (widget: Widget): Widget => {
    if (widget.comp_id === compId) {
      const current = field.read(widget);
      if (current !== undefined && current !== text) {
        changed = true;
        return field.write(widget, text);
      }
      return widget;
    }
    if (widget.type === 'Columns') {
      const comps = widget.content.comps.map((comp) => visit(comp as Widget) as typeof comp);
      return comps.some((comp, at) => comp !== widget.content.comps[at])
        ? { ...widget, content: { comps } }
        : widget;
    }
    return widget;
  };
  const next = widgets.map(visit);
  return changed ? next : widgets;
}
