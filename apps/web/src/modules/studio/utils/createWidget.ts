import type { Widget, WidgetKind } from '@coderoom/contracts';
import { createLeafWidget } from './createLeafWidget';
import { newCompId } from './newCompId';

/** A new widget of `kind` with the studio's starting content, ready to edit. */
export function createWidget(kind: WidgetKind): Widget {
  if (kind === 'Columns') {
    return {
      type: 'Columns',
      comp_id: newCompId(),
      content: { comps: [createLeafWidget('MarkdownEditor'), createLeafWidget('MarkdownEditor')] },
    };
  }
  return createLeafWidget(kind);
}
