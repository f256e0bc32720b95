import type { WidgetKind } from '@coderoom/contracts';
import { WIDGET_KINDS } from '../utils/widgetKinds';

/** Adds a widget of any kind after the focused one (or at the end). */
export function WidgetToolbox({ onAdd }: { onAdd: (kind: WidgetKind) => void }) {
  return (
    <nav className="studio-toolbox" aria-label="Add a widget">
      <h2 className="small muted">Add a widget</h2>
      <ul>
        {WIDGET_KINDS.map((entry) => (
          <li key={entry.kind}>
            <button type="button" className="studio-tool" onClick={() => onAdd(entry.kind)}>
              + {entry.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
