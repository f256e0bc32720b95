import type { Widget } from '@coderoom/contracts';

/** Every widget type of a page, those inside columns included (what the per-type counts count). */
export function widgetTypesOf(widgets: readonly Widget[]): string[] {
  return widgets.flatMap((widget) =>
    widget.type === 'Columns'
      ? [widget.type, ...widget.content.comps.map((comp) => comp.type)]
      : [widget.type],
  );
}
