import { WIDGET_KINDS } from './widgetKinds';

/** The studio's name for a widget type. */
export function widgetLabel(kind: string): string {
  return WIDGET_KINDS.find((entry) => entry.kind === kind)?.label ?? kind;
}
