import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { useServices } from '../shared/app-services.tsx';
import { Hotkey } from '../shared/palette/kbd.tsx';
import { preloadPalette } from '../shared/palette/load-palette.ts';
import { Icon } from './icons.tsx';
import { NotificationArea } from './notification-area.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { SandboxBadge } from './sandbox-badge.tsx';
import { ICON_BUTTON, ThemeMenu } from './theme-menu.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

/** Search (opens the palette), the workspace switcher, language, theme and the profile menu. */
export function TopBar({ onMenu }: { onMenu(): void }) {
  const { t } = useTranslation();
  const { palette } = useServices();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <button
        type="button"
        onClick={onMenu}
        className={`${ICON_BUTTON} md:hidden`}
        aria-label={t('layout.menu')}
      >
        <Icon name="menu" className="h-5 w-5" />
      </button>
      <button
        type="button"
        onClick={() => palette.open()}
        onPointerEnter={preloadPalette}
        onFocus={preloadPalette}
        data-testid="top-search"
        className="flex h-9 w-full max-w-sm items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 text-sm text-muted hover:border-primary/50 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-400"
      >
        <Icon name="search" />
        <span className="flex-1 text-start">{t('layout.search')}</span>
        <Hotkey hotkey="mod+k" />
      </button>
      <div className="ms-auto flex items-center gap-1">
        <SandboxBadge />
        <WorkspaceSwitcher />
        <LanguageSwitcher tone="auto" className="me-1" />
        <ThemeMenu />
        <NotificationArea />
        <ProfileMenu />
      </div>
    </header>
  );
}
