import { ThemeChoice } from '@coderoom/domain';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTheme } from './useTheme';

const LABELS: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', system: 'Use system preference' };
const ICONS: Record<'light' | 'dark', string> = { light: '☀', dark: '☾' };

/** Header control for the theme, for visitors and signed-in users alike. */
export function ThemeMenu() {
  const { choice, applied, changeTheme } = useTheme();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="icon-button" aria-label={`Theme: ${LABELS[choice]}`}>
        <span aria-hidden="true">{ICONS[applied]}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu-label">Theme</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={choice}
            onValueChange={(value) => changeTheme(value as ThemeChoice)}
          >
            {Object.values(ThemeChoice).map((value) => (
              <DropdownMenu.RadioItem key={value} value={value} className="menu-item">
                <DropdownMenu.ItemIndicator className="menu-check">✓</DropdownMenu.ItemIndicator>
                {LABELS[value]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
