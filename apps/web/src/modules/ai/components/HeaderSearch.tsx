import { FeatureFlag } from '@coderoom/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useFeature } from '../../features/useFeatures';
import { SiteSearchCombobox, SiteSearchForm } from '../../search/SiteSearchCombobox';
import { readSearchVariant, type SearchVariant, writeSearchVariant } from '../../search/searchVariant';
import { AiSearchBox } from './AiSearchBox';

type Mode = 'search' | 'ai';

/**
 * The header's search dropdown (spec 002 §2.3, §4.11): search courses, paths and answers (the full-text
 * variant as you type, or the default variant's plain form, by configuration and the reader's own
 * choice), or, signed in, ask AI search a question. Escape, a click outside or a navigation closes it;
 * focus goes back to the button.
 */
export function HeaderSearch({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  // Null until the reader picks one: asking AI is the default whenever it is offered (also after a sign-in).
  const [chosenMode, setMode] = useState<Mode | null>(null);
  const [variant, setVariant] = useState<SearchVariant>(readSearchVariant);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { key } = useLocation();
  // Asking AI needs a signed-in user to whom the AI assistant is rolled out (docs/features.md).
  const aiAssistant = useFeature(FeatureFlag.AiAssistant);
  const canAsk = signedIn && aiAssistant;
  const mode: Mode = chosenMode ?? 'ai';
  const searchMode: Mode = canAsk ? mode : 'search';

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation closes the dropdown
  useEffect(() => setOpen(false), [key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const chooseVariant = (next: SearchVariant) => {
    setVariant(next);
    writeSearchVariant(next);
  };

  return (
    <div className="header-search" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={canAsk ? 'Ask AI or search courses' : 'Search courses and answers'}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">⌕</span>{' '}
        <span className="header-search-text">{canAsk ? 'Ask AI' : 'Search'}</span>
      </button>
      {open && (
        <div id={panelId} className="header-search-panel card">
          {canAsk ? (
            <fieldset className="header-search-modes">
              <legend className="visually-hidden">Search in</legend>
              <label className={mode === 'ai' ? 'is-active' : ''}>
                <input
                  type="radio"
                  name={`${panelId}-mode`}
                  checked={mode === 'ai'}
                  onChange={() => setMode('ai')}
                />
                Ask AI
              </label>
              <label className={mode === 'search' ? 'is-active' : ''}>
                <input
                  type="radio"
                  name={`${panelId}-mode`}
                  checked={mode === 'search'}
                  onChange={() => setMode('search')}
                />
                Courses and answers
              </label>
            </fieldset>
          ) : null}
          {searchMode === 'ai' ? (
            <AiSearchBox autoFocus onNavigate={() => setOpen(false)} />
          ) : (
            <>
              {variant === 'full_text' ? (
                <SiteSearchCombobox onNavigate={() => setOpen(false)} />
              ) : (
                <SiteSearchForm onNavigate={() => setOpen(false)} />
              )}
              <label className="small site-search-variant">
                <input
                  type="checkbox"
                  checked={variant === 'full_text'}
                  onChange={(event) => chooseVariant(event.target.checked ? 'full_text' : 'default')}
                />{' '}
                Show results as I type
              </label>
            </>
          )}
        </div>
      )}
    </div>
  );
}
