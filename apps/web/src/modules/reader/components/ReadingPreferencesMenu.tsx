import type { ReadingPreferences } from '@coderoom/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';

interface ReadingPreferencesMenuProps {
  preferences: ReadingPreferences;
  onChange: (next: ReadingPreferences) => void;
}

const FONTS = [
  ['sans', 'Sans serif'],
  ['serif', 'Serif'],
  ['mono', 'Monospace'],
] as const;

/** Width, font size, line height and fonts of the lesson text. */
export function ReadingPreferencesMenu({ preferences, onChange }: ReadingPreferencesMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const set = <K extends keyof ReadingPreferences>(key: K, value: ReadingPreferences[K]) =>
    onChange({ ...preferences, [key]: value });
  return (
    <div className="reading-menu">
      <Button variant="ghost" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Aa <span className="visually-hidden">Reading preferences</span>
      </Button>
      {open ? (
        <fieldset
          id={id}
          className="reading-panel card"
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          <legend>Reading preferences</legend>
          <label>
            Text width
            <select
              value={preferences.markdown_width}
              onChange={(event) =>
                set('markdown_width', event.target.value as ReadingPreferences['markdown_width'])
              }
            >
              <option value="narrow">Narrow</option>
              <option value="medium">Medium</option>
              <option value="wide">Wide</option>
            </select>
          </label>
          <label>
            Font size ({preferences.font_size}px)
            <input
              type="range"
              min={14}
              max={24}
              value={preferences.font_size}
              onChange={(event) => set('font_size', Number(event.target.value))}
            />
          </label>
          <label>
            Line height ({preferences.line_height.toFixed(1)})
            <input
              type="range"
              min={1.3}
              max={2.2}
              step={0.1}
              value={preferences.line_height}
              onChange={(event) => set('line_height', Number(event.target.value))}
            />
          </label>
          <label>
            Heading font
            <select
              value={preferences.heading_font}
              onChange={(event) =>
                set('heading_font', event.target.value as ReadingPreferences['heading_font'])
              }
            >
              {FONTS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Body font
            <select
              value={preferences.body_font}
              onChange={(event) => set('body_font', event.target.value as ReadingPreferences['body_font'])}
            >
              {FONTS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Done
          </Button>
        </fieldset>
      ) : null}
    </div>
  );
}
