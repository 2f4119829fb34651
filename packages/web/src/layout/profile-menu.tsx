import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../shared/app-services.tsx';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../shared/menu/dropdown-menu.tsx';
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
    <DropdownMenu
      label={t('profile.menu')}
      buttonClassName={`${ICON_BUTTON} flex items-center gap-2`}
      button={
        <span className="grid h-7 w-7 place-items-center rounded-full bg-primary/15 text-primary-ink">
          <Icon name="user" />
        </span>
      }
      itemsClassName={MENU_ITEMS}
    >
      {userName && <p className="truncate px-3 py-1.5 text-xs font-semibold text-muted">{userName}</p>}
      <DropdownMenuItem>
        <Link to="/panel/settings" className={MENU_ITEM}>
          <Icon name="settings" />
          {t('profile.settings')}
        </Link>
      </DropdownMenuItem>
      {(['account', 'security'] as const).map((page) => (
        <DropdownMenuItem key={page}>
          <Link to={`/profile/${page}`} className={MENU_ITEM}>
            <Icon name="user" />
            {t(`profile.${page}`)}
          </Link>
        </DropdownMenuItem>
      ))}
      {user?.role === 'admin' && (
        <DropdownMenuItem>
          <Link to="/panel/admin/users" className={MENU_ITEM}>
            <Icon name="users" />
            {t('profile.users')}
          </Link>
        </DropdownMenuItem>
      )}
      <DropdownMenuSeparator />
      <DropdownMenuItem>
        <button
          type="button"
          className={MENU_ITEM}
          onClick={() => commands.run('appearance.toggleWidth', { remember: true })}
        >
          <Icon name="width" />
          <span className="flex-1">{t('profile.width')}</span>
          <span className="text-xs text-muted">{t(`profile.widths.${appearance.width}`)}</span>
        </button>
      </DropdownMenuItem>
      <DropdownMenuItem>
        <button
          type="button"
          className={MENU_ITEM}
          onClick={() => commands.run('appearance.toggleSkin', { remember: true })}
        >
          <Icon name="skin" />
          <span className="flex-1">{t('profile.skin')}</span>
          <span className="text-xs text-muted">{t(`profile.skins.${appearance.skin}`)}</span>
        </button>
      </DropdownMenuItem>
      <DropdownMenuItem>
        <button
          type="button"
          className={MENU_ITEM}
          onClick={() => update({ direction: appearance.direction === 'rtl' ? 'ltr' : 'rtl' })}
        >
          <Icon name="direction" />
          <span className="flex-1">{t('profile.direction')}</span>
          <span className="text-xs text-muted">{t(`profile.directions.${appearance.direction}`)}</span>
        </button>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem>
        <button type="button" className={MENU_ITEM} onClick={() => commands.run('session.logout')}>
          <Icon name="logout" />
          {t('profile.logout')}
        </button>
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
