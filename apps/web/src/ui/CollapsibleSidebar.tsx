import { Breakpoints, type SidebarKind, sidebarWidthLimits } from '@coderoom/domain';
import { type KeyboardEvent, type ReactNode, useState, useSyncExternalStore } from 'react';
import { clampSidebarWidth } from './clampSidebarWidth';

const STORAGE_PREFIX = 'cr_sidebar:';
const DEFAULT_OPEN_WIDTH = 16;

function readStored(kind: SidebarKind): { width: number; collapsed: boolean } {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + kind);
    if (raw) {
      const parsed = JSON.parse(raw) as { width?: unknown; collapsed?: unknown };
      return {
        width: clampSidebarWidth(kind, typeof parsed.width === 'number' ? parsed.width : DEFAULT_OPEN_WIDTH),
        collapsed: parsed.collapsed === true,
      };
    }
  } catch {
    // Unavailable or malformed storage counts as empty.
  }
  return { width: clampSidebarWidth(kind, DEFAULT_OPEN_WIDTH), collapsed: false };
}

const NARROW_QUERY = `(max-width: ${Breakpoints.Medium}px)`;
const subscribeNarrow = (onChange: () => void) => {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isNarrowNow = () => window.matchMedia(NARROW_QUERY).matches;

interface CollapsibleSidebarProps {
  kind: SidebarKind;
  label: string;
  children: ReactNode;
}

/**
 * A sidebar of one of the spec's kinds: collapsible, resizable within the kind's limits (mouse or
 * arrow keys on the handle), with width and state remembered per kind. Below the medium breakpoint there
 * is no room beside the page: it becomes a disclosure above it, closed until asked for, never remembered.
 */
export function CollapsibleSidebar({ kind, label, children }: CollapsibleSidebarProps) {
  const [state, setState] = useState(() => readStored(kind));
  // null on the server (modules/prerender), which cannot know the width: both forms are sent, and the
  // stylesheet shows the one that fits, so the browser's first render changes nothing on screen.
  const isNarrow = useSyncExternalStore<boolean | null>(subscribeNarrow, isNarrowNow, () => null);
  const [isNarrowOpen, setIsNarrowOpen] = useState(false);
  const limits = sidebarWidthLimits(kind);

  const narrow = (extraClass = '') => (
    <aside className={`sidebar sidebar-narrow${extraClass}`} aria-label={label}>
      <button
        type="button"
        className="btn btn-secondary sidebar-narrow-toggle"
        aria-expanded={isNarrowOpen}
        onClick={() => setIsNarrowOpen(!isNarrowOpen)}
      >
        <span aria-hidden="true">{isNarrowOpen ? '▾' : '▸'}</span> {label}
      </button>
      {isNarrowOpen && <div className="sidebar-body">{children}</div>}
    </aside>
  );
  if (isNarrow) return narrow();

  const update = (next: { width: number; collapsed: boolean }) => {
    setState(next);
    try {
      localStorage.setItem(STORAGE_PREFIX + kind, JSON.stringify(next));
    } catch {
      // Not remembered, still works.
    }
  };

  const onHandleKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const delta = event.key === 'ArrowRight' ? 1 : -1;
      update({ ...state, width: clampSidebarWidth(kind, state.width + delta) });
    }
  };

  const onPointerDown = (event: React.PointerEvent) => {
    const startX = event.clientX;
    const startWidth = state.width;
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const move = (moveEvent: PointerEvent) => {
      update({ ...state, width: clampSidebarWidth(kind, startWidth + (moveEvent.clientX - startX) / rem) });
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const wide = (extraClass = '') => (
    <aside
      className={`sidebar${state.collapsed ? ' sidebar-collapsed' : ''}${extraClass}`}
      style={{ width: state.collapsed ? `${Math.max(limits.min, 3)}rem` : `${state.width}rem` }}
      aria-label={label}
    >
      <button
        type="button"
        className="sidebar-toggle"
        aria-expanded={!state.collapsed}
        onClick={() => update({ ...state, collapsed: !state.collapsed })}
        title={state.collapsed ? `Show ${label.toLowerCase()}` : `Hide ${label.toLowerCase()}`}
      >
        <span aria-hidden="true">{state.collapsed ? '»' : '«'}</span>
        <span className="visually-hidden">
          {state.collapsed ? 'Show' : 'Hide'} {label}
        </span>
      </button>
      {!state.collapsed && <div className="sidebar-body">{children}</div>}
      {!state.collapsed && (
        // biome-ignore lint/a11y/useSemanticElements: a draggable splitter has no native element
        <div
          className="sidebar-handle"
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${label.toLowerCase()}`}
          aria-valuemin={limits.min}
          aria-valuemax={limits.max}
          aria-valuenow={state.width}
          tabIndex={0}
          onKeyDown={onHandleKey}
          onPointerDown={onPointerDown}
        />
      )}
    </aside>
  );
  if (isNarrow === false) return wide();
  return (
    <>
      {narrow(' sidebar-server-narrow')}
      {wide(' sidebar-server-wide')}
    </>
  );
}
