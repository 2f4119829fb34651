import type { Workspace } from '@tradedeck/sdk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../shared/app-services.tsx';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../shared/menu/dropdown-menu.tsx';
import { useActiveWorkspace } from '../shared/workspace/use-workspaces.ts';
import { Icon } from './icons.tsx';
import { ICON_BUTTON, MENU_ITEM, MENU_ITEMS } from './theme-menu.tsx';

/**
 * The top bar's workspace switcher: the user's workspaces (personal first) with the role in each, the members
 * page and audit log of the active one, and a new team workspace. A switch takes effect at once (calls, live
 * views and the screen's data).
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation();
  const { commands } = useServices();
  const { active, items, switchTo } = useActiveWorkspace();
  const nameOf = (w: Workspace) => (w.kind === 'personal' ? t('workspaces.personal') : w.name);
  return (
    <DropdownMenu
      label={t('workspaces.switcher')}
      title={t('workspaces.switcher')}
      buttonClassName={`${ICON_BUTTON} flex max-w-52 items-center gap-2 text-sm`}
      button={
        <>
          <Icon name="users" />
          <span className="truncate" data-testid="workspace-active">
            {active ? nameOf(active) : t('workspaces.personal')}
          </span>
        </>
      }
      itemsClassName={`${MENU_ITEMS} w-64`}
    >
      <p className="px-3 py-1.5 text-xs font-semibold text-muted">{t('workspaces.switcher')}</p>
      {items.map((w) => (
        <DropdownMenuItem key={w.id}>
          <button
            type="button"
            className={MENU_ITEM}
            aria-current={w.id === active?.id ? 'true' : undefined}
            data-workspace={w.name}
            onClick={() => switchTo(w)}
          >
            <span aria-hidden className="w-3 text-primary-ink">
              {w.id === active?.id ? '✓' : ''}
            </span>
            <span className="flex-1 truncate">{nameOf(w)}</span>
            <span className="text-xs text-muted">{t(`workspaces.roles.${w.role}`)}</span>
          </button>
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem>
        <Link to="/panel/workspace/members" className={MENU_ITEM}>
          <Icon name="users" />
          {t('workspaces.members')}
        </Link>
      </DropdownMenuItem>
      {active?.role === 'owner' && (
        <DropdownMenuItem>
          <Link to="/panel/workspace/audit" className={MENU_ITEM}>
            <Icon name="history" />
            {t('workspaces.audit')}
          </Link>
        </DropdownMenuItem>
      )}
      <DropdownMenuItem>
        <button type="button" className={MENU_ITEM} onClick={() => commands.run('workspaces.create')}>
          <span aria-hidden className="w-4 text-center">
            +
          </span>
          {t('workspaces.create')}
        </button>
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
