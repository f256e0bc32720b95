import type { WidgetKind } from '@coderoom/contracts';
import { CODE_WIDGET_COUNTS, widgetRoomLeft } from '@coderoom/domain';
import { WIDGET_KINDS } from '../utils/widgetKinds';

/**
 * Adds a widget of any kind after the focused one (or at the end). A kind the page already holds as many
 * of as the spec's per-type counts allow (000 §3) is offered disabled, saying why; the server refuses such
 * a save too.
 */
export function WidgetToolbox({
  onAdd,
  widgetTypes = [],
}: {
  onAdd: (kind: WidgetKind) => void;
  /** Every widget type on the page (columns included), for the counts. */
  widgetTypes?: readonly string[];
}) {
  return (
    <nav className="studio-toolbox" aria-label="Add a widget">
      <h2 className="small muted">Add a widget</h2>
      <ul>
        {WIDGET_KINDS.map((entry) => {
          const isFull = widgetRoomLeft(widgetTypes, entry.kind) <= 0;
          const limit = (CODE_WIDGET_COUNTS as Record<string, number>)[entry.kind];
          return (
            <li key={entry.kind}>
              <button
                type="button"
                className="studio-tool"
                disabled={isFull}
                title={
                  isFull
                    ? `A page can hold at most ${limit} ${entry.label} widget${limit === 1 ? '' : 's'}.`
                    : undefined
                }
                onClick={() => onAdd(entry.kind)}
              >
                + {entry.label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
