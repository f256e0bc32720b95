import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The header's links. Wide screens show them in a row; narrower ones (CSS, below the large breakpoint)
 * hide them behind a Menu button that discloses them as a panel under the header: Escape closes it and
 * gives focus back to the button; following a link, or moving focus or clicking elsewhere, closes it.
 */
export function MainNav({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Changes with every navigation, a link to the page already shown included.
  const { key } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation closes the menu
  useEffect(() => setOpen(false), [key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const isOutside = (target: EventTarget | null) =>
      target instanceof Node && !root.current?.contains(target);
    const onPointer = (event: PointerEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    // Tabbing past the last link (or anywhere else) closes it too.
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  return (
    <div className="main-nav" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost nav-menu-button"
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="nav-menu-icon" aria-hidden="true">
          {open ? '✕' : '☰'}
        </span>
        Menu
      </button>
      <nav id={navId} className={`topnav${open ? ' is-open' : ''}`} aria-label="Main">
        {children}
      </nav>
    </div>
  );
}
