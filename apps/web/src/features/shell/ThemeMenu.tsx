import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from '../../components/icons';
import { useDisplayChoice } from '../display/useDisplayChoice';
import { useMenuKeyboard } from './menuKeyboard';
import { isTheme, THEMES, type Theme } from '../theme/themeContext';

const THEME_ICONS: Record<Theme, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

/** Light / dark / system theme picker. */
export function ThemeMenu({
  defaultOpen = false,
  openedByKeyboard = false,
}: {
  defaultOpen?: boolean;
  openedByKeyboard?: boolean;
}) {
  const { t } = useTranslation();
  const menu = useMenuKeyboard({ defaultOpen, openedByKeyboard });
  const { theme, chooseTheme } = useDisplayChoice();
  const CurrentIcon = THEME_ICONS[theme];
  return (
    <DropdownMenu.Root {...menu.root}>
      <DropdownMenu.Trigger
        {...menu.trigger}
        className="icon-button size-10"
        aria-label={t('nav.theme.label', { theme: t(`nav.theme.${theme}`) })}
      >
        <CurrentIcon className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content {...menu.content} align="end" sideOffset={8} className="menu-content min-w-44">
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-ink-muted">
            {t('nav.theme.title')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={theme}
            onValueChange={(value) => isTheme(value) && chooseTheme(value)}
          >
            {THEMES.map((option) => {
              const Icon = THEME_ICONS[option];
              return (
                <DropdownMenu.RadioItem key={option} value={option} className="menu-item">
                  <Icon className="size-4" />
                  <span className="flex-1">{t(`nav.theme.${option}`)}</span>
                  <DropdownMenu.ItemIndicator>
                    <CheckIcon className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
