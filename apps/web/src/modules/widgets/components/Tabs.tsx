import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem {
  id: string;
  title: string;
  panel: ReactNode;
}

interface TabsProps {
  label: string;
  tabs: TabItem[];
  selectedId: string;
  onSelect: (id: string) => void;
  /** Buttons shown at the end of the tab row (Run, Reset…). */
  actions?: ReactNode;
}

/**
 * WAI-ARIA tabs: one tab stop for the row, arrow keys (and Home/End) move between tabs and select
 * them. Every panel stays mounted, so an editor keeps its scroll and a result frame keeps running.
 */
export function Tabs({ label, tabs, selectedId, onSelect, actions }: TabsProps) {
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selectedId),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    buttons.current[next]?.focus();
  };

  return (
    <div className="widget-tabs">
      <div className="widget-tab-row">
        <div role="tablist" aria-label={label} className="widget-tablist" onKeyDown={onKeyDown}>
          {tabs.map((tab, index) => {
            const selected = index === current;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${index}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel-${index}`}
                tabIndex={selected ? 0 : -1}
                className="widget-tab"
                onClick={() => onSelect(tab.id)}
              >
                {tab.title}
              </button>
            );
          })}
        </div>
        {actions && <div className="widget-tab-actions">{actions}</div>}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== current}
          className="widget-tabpanel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
