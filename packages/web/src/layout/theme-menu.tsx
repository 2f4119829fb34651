import { useTranslation } from 'react-i18next';
import { useServices } from '../shared/app-services.tsx';
import type { Theme } from '../shared/appearance/appearance.ts';
import { DropdownMenu, DropdownMenuItem } from '../shared/menu/dropdown-menu.tsx';
import { Icon, type IconName } from './icons.tsx';
import { useAppearance } from './use-appearance.ts';

const THEMES: Array<{ theme: Theme; icon: IconName }> = [
  { theme: 'light', icon: 'sun' },
  { theme: 'dark', icon: 'moon' },
  { theme: 'system', icon: 'monitor' },
];

export const MENU_ITEMS =
  'z-50 mt-1 min-w-44 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900';
export const MENU_ITEM =
  'flex w-full items-center gap-2 rounded px-3 py-1.5 text-start text-slate-700 outline-none hover:bg-primary/10 focus:bg-primary/10 focus:text-primary-ink dark:text-slate-200';
export const ICON_BUTTON =
  'rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-open:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:data-open:bg-slate-800';

/** Light, dark or follow the system. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const [appearance] = useAppearance();
  const { commands } = useServices();
  const current = THEMES.find((entry) => entry.theme === appearance.theme) ?? THEMES[2]!;
  return (
    <DropdownMenu
      label={t('theme.label')}
      title={t('theme.label')}
      buttonClassName={ICON_BUTTON}
      button={<Icon name={current.icon} className="h-5 w-5" />}
      itemsClassName={MENU_ITEMS}
    >
      {THEMES.map((entry) => (
        <DropdownMenuItem key={entry.theme}>
          <button
            type="button"
            className={MENU_ITEM}
            aria-current={entry.theme === appearance.theme}
            onClick={() => commands.run(`appearance.theme.${entry.theme}`, { remember: true })}
          >
            <Icon name={entry.icon} />
            <span className="flex-1">{t(`theme.${entry.theme}`)}</span>
            {entry.theme === appearance.theme && <span aria-hidden>✓</span>}
          </button>
        </DropdownMenuItem>
      ))}
    </DropdownMenu>
  );
}
