import { ThemeChoice } from '@coderoom/domain';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { THEME_LABELS as LABELS, THEME_ICONS } from './themeLabels';
import { useTheme } from './useTheme';

/** The theme menu itself (Radix), loaded when the learner first reaches for it (ThemeMenu.tsx). */
export function ThemeMenuPopup({ defaultOpen }: { defaultOpen: boolean }) {
  const { choice, applied, changeTheme } = useTheme();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="icon-button" aria-label={`Theme: ${LABELS[choice]}`}>
        <span aria-hidden="true">{THEME_ICONS[applied]}</span>
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
