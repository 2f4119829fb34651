import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../shared/app-services.tsx';
import { Icon } from './icons.tsx';
import { ICON_BUTTON, MENU_ITEM, MENU_ITEMS } from './theme-menu.tsx';
import { useAppearance } from './use-appearance.ts';
import { useCurrentUser } from './use-current-user.ts';

/** Settings, account and security, users (administrators), content width, skin and logout. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { commands } = useServices();
  const [appearance, update] = useAppearance();
  const user = useCurrentUser().data;
  const userName = user?.userName;
  return (
    <Menu>
      <MenuButton className={`${ICON_BUTTON} flex items-center gap-2`} aria-label={t('profile.menu')}>
        <span className="grid h-7 w-7 place-items-center rounded-full bg-primary/15 text-primary-ink">
          <Icon name="user" />
        </span>
      </MenuButton>
      <MenuItems anchor="bottom end" className={MENU_ITEMS}>
        {userName && <p className="truncate px-3 py-1.5 text-xs font-semibold text-muted">{userName}</p>}
        <MenuItem>
          <Link to="/panel/settings" className={MENU_ITEM}>
            <Icon name="settings" />
            {t('profile.settings')}
          </Link>
        </MenuItem>
        {(['account', 'security'] as const).map((page) => (
          <MenuItem key={page}>
            <Link to={`/profile/${page}`} className={MENU_ITEM}>
              <Icon name="user" />
              {t(`profile.${page}`)}
            </Link>
          </MenuItem>
        ))}
        {user?.role === 'admin' && (
          <MenuItem>
            <Link to="/panel/admin/users" className={MENU_ITEM}>
              <Icon name="users" />
              {t('profile.users')}
            </Link>
          </MenuItem>
        )}
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <MenuItem>
          <button
            type="button"
            className={MENU_ITEM}
            onClick={() => commands.run('appearance.toggleWidth', { remember: true })}
          >
            <Icon name="width" />
            <span className="flex-1">{t('profile.width')}</span>
            <span className="text-xs text-muted">{t(`profile.widths.${appearance.width}`)}</span>
          </button>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            className={MENU_ITEM}
            onClick={() => commands.run('appearance.toggleSkin', { remember: true })}
          >
            <Icon name="skin" />
            <span className="flex-1">{t('profile.skin')}</span>
            <span className="text-xs text-muted">{t(`profile.skins.${appearance.skin}`)}</span>
          </button>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            className={MENU_ITEM}
            onClick={() => update({ direction: appearance.direction === 'rtl' ? 'ltr' : 'rtl' })}
          >
            <Icon name="direction" />
            <span className="flex-1">{t('profile.direction')}</span>
            <span className="text-xs text-muted">{t(`profile.directions.${appearance.direction}`)}</span>
          </button>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <MenuItem>
          <button type="button" className={MENU_ITEM} onClick={() => commands.run('session.logout')}>
            <Icon name="logout" />
            {t('profile.logout')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
