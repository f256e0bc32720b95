import type { Widget } from '@coderoom/contracts';
import { newCompId } from './newCompId';

/** A deep copy of `widget` with fresh comp_ids (comp_ids are unique in a page). */
export function copyWidget(widget: Widget): Widget {
  const copy = structuredClone(widget);
  copy.comp_id = newCompId();
  if (copy.type === 'Columns') {
    for (const child of copy.content.comps) child.comp_id = newCompId();
  }
  return copy;
}
