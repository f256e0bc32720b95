import { lazy, Suspense, useState } from 'react';
import { THEME_ICONS, THEME_LABELS } from './themeLabels';
import { useTheme } from './useTheme';

const loadPopup = () => import('./ThemeMenuPopup');
const ThemeMenuPopup = lazy(() => loadPopup().then((module) => ({ default: module.ThemeMenuPopup })));

/**
 * Header control for the theme, for visitors and signed-in users alike. The menu's code (Radix) is not
 * part of the first download: a plain button stands in until the pointer or focus reaches it.
 */
export function ThemeMenu() {
  const { choice, applied } = useTheme();
  const [state, setState] = useState<'plain' | 'ready' | 'open'>('plain');
  const plain = (
    <button
      type="button"
      className="icon-button"
      aria-label={`Theme: ${THEME_LABELS[choice]}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => setState((current) => (current === 'plain' ? 'ready' : current))}
      // Focus only fetches the code: swapping the focused button would lose keyboard focus.
      onFocus={() => void loadPopup()}
      onClick={() => setState('open')}
    >
      <span aria-hidden="true">{THEME_ICONS[applied]}</span>
    </button>
  );
  if (state === 'plain') return plain;
  return (
    <Suspense fallback={plain}>
      <ThemeMenuPopup defaultOpen={state === 'open'} />
    </Suspense>
  );
}
