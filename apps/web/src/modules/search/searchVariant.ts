import { SEARCH_DROPDOWN_DEFAULT_VARIANT, type SearchDropdownVariant } from '@coderoom/domain';

export type SearchVariant = SearchDropdownVariant;

const STORAGE_KEY = 'cr_search_variant';

/**
 * Which search dropdown a reader gets (spec 002 §2.3): the configured default, unless this reader chose
 * the other one in the dropdown (kept in this browser).
 */
export function readSearchVariant(): SearchVariant {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === 'full_text' || stored === 'default') return stored;
  } catch {
    // Storage may be unavailable (private windows); the configured default applies.
  }
  return SEARCH_DROPDOWN_DEFAULT_VARIANT;
}

export function writeSearchVariant(variant: SearchVariant): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, variant);
  } catch {
    // Not kept; the choice lasts until the page reloads.
  }
}
