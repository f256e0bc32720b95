import type { Widget } from '@coderoom/contracts';
import { widgetLabel } from '../utils/widgetLabel';
import { WidgetForm } from './WidgetForm';

interface WidgetEditorCardProps {
  widget: Widget;
  index: number;
  count: number;
  isSelected: boolean;
  onChange: (widget: Widget) => void;
  onSelect: () => void;
  onMove: (direction: -1 | 1) => void;
  onCopy: () => void;
  onDelete: () => void;
}

/** One widget in the page editor: its form and its move, copy and delete actions. */
export function WidgetEditorCard({
  widget,
  index,
  count,
  isSelected,
  onChange,
  onSelect,
  onMove,
  onCopy,
  onDelete,
}: WidgetEditorCardProps) {
  const name = `${widgetLabel(widget.type)} widget ${index + 1}`;
  return (
    <section
      className={`card studio-widget-card${isSelected ? ' studio-selected' : ''}`}
      aria-label={name}
      data-widget-index={index}
      onFocusCapture={onSelect}
    >
      <header className="studio-widget-head">
        <h3>
          <span className="studio-widget-number">{index + 1}</span> {widgetLabel(widget.type)}
        </h3>
        <span className="studio-row-actions">
          <button
            type="button"
            className="icon-button"
            aria-label={`Move ${name} up`}
            title="Move up"
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Move ${name} down`}
            title="Move down"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Copy ${name}`}
            title="Copy"
            onClick={onCopy}
          >
            <svg
              width="14"
              height="14"
              viewBox="0 0 16 16"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              aria-hidden="true"
            >
              <rect x="5" y="5" width="9" height="9" rx="1.5" />
              <path d="M11 5V3.5A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v6A1.5 1.5 0 0 0 3.5 11H5" />
            </svg>
          </button>
          <button
            type="button"
            className="icon-button studio-danger-icon"
            aria-label={`Delete ${name}`}
            title="Delete"
            onClick={onDelete}
          >
            ✕
          </button>
        </span>
      </header>
      <WidgetForm widget={widget} onChange={onChange} />
    </section>
  );
}
