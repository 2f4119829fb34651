import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../shared/app-services.tsx';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../shared/menu/dropdown-menu.tsx';
import { Icon, type IconName } from './icons.tsx';
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
      <AppearanceChoice
        icon="width"
        label={t('profile.width')}
        value={t(`profile.widths.${appearance.width}`)}
        onChoose={() => commands.run('appearance.toggleWidth', { remember: true })}
      />
      <AppearanceChoice
        icon="skin"
        label={t('profile.skin')}
        value={t(`profile.skins.${appearance.skin}`)}
        onChoose={() => commands.run('appearance.toggleSkin', { remember: true })}
      />
      <AppearanceChoice
        icon="direction"
        label={t('profile.direction')}
        value={t(`profile.directions.${appearance.direction}`)}
        onChoose={() => update({ direction: appearance.direction === 'rtl' ? 'ltr' : 'rtl' })}
      />
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

/** One appearance setting: its name and current value; choosing it switches to the next value. */
function AppearanceChoice(props: { icon: IconName; label: string; value: string; onChoose: () => void }) {
  return (
    <DropdownMenuItem>
      <button type="button" className={MENU_ITEM} onClick={props.onChoose}>
        <Icon name={props.icon} />
        <span className="flex-1">{props.label}</span>
        <span className="text-xs text-muted">{props.value}</span>
      </button>
    </DropdownMenuItem>
  );
}
