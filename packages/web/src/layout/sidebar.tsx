import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useServices } from '../shared/app-services.tsx';
import { Icon } from './icons.tsx';
import { can, NAV_SECTIONS, type NavItem } from './navigation.ts';
import { useAppearance } from './use-appearance.ts';

/** The panel's sidebar: Main, Trading (P2P seller group), Tools; collapses to icons. */
export function Sidebar({ mobileOpen, onNavigate }: { mobileOpen: boolean; onNavigate(): void }) {
  const { t } = useTranslation();
  const [appearance] = useAppearance();
  const { commands } = useServices();
  const collapsed = appearance.sidebarCollapsed && !mobileOpen;
  const [groupOpen, setGroupOpen] = useState(true);

  return (
    <aside
      data-collapsed={collapsed}
      className={`fixed inset-y-0 start-0 z-40 flex flex-col border-e border-slate-200 bg-white transition-[width,transform] duration-150 dark:border-slate-800 dark:bg-slate-900 ${
        collapsed ? 'w-16' : 'w-60'
      } ${mobileOpen ? 'translate-x-0' : '-translate-x-full md:translate-x-0 rtl:translate-x-full rtl:md:translate-x-0'}`}
    >
      <div className="flex h-14 items-center gap-2 px-4">
        <img src="/favicon.svg" alt="" className="h-7 w-7 shrink-0" />
        {!collapsed && <span className="text-base font-bold tracking-tight">{t('app.name')}</span>}
        <button
          type="button"
          onClick={() => commands.run('layout.toggleSidebar')}
          aria-label={t(collapsed ? 'layout.expandSidebar' : 'layout.collapseSidebar')}
          title={t(collapsed ? 'layout.expandSidebar' : 'layout.collapseSidebar')}
          className="ms-auto hidden rounded p-1 text-muted hover:bg-slate-100 md:block dark:hover:bg-slate-800"
        >
          <Icon
            name="chevronLeft"
            className={`h-4 w-4 transition-transform rtl:-scale-x-100 ${collapsed ? 'rotate-180' : ''}`}
          />
        </button>
      </div>
      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-2 pb-4">
        {NAV_SECTIONS.map((section) => {
          const items = section.items.filter((i) => can(i.permission.action, i.permission.subject));
          if (items.length === 0) return null;
          return (
            <div key={section.titleKey} className="mt-4">
              {!collapsed && (
                <p className="px-3 pb-1 text-[11px] font-semibold tracking-wider text-muted uppercase dark:text-slate-400">
                  {t(section.titleKey)}
                </p>
              )}
              {section.groupKey && !collapsed ? (
                <>
                  <button
                    type="button"
                    aria-expanded={groupOpen}
                    onClick={() => setGroupOpen(!groupOpen)}
                    className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                  >
                    <Icon name="users" />
                    <span className="flex-1 text-start">{t(section.groupKey)}</span>
                    <Icon
                      name="chevronDown"
                      className={`h-4 w-4 transition-transform ${groupOpen ? '' : '-rotate-90 rtl:rotate-90'}`}
                    />
                  </button>
                  {groupOpen && (
                    <ul className="ms-4 border-s border-slate-200 ps-2 dark:border-slate-700">
                      {items.map((navItem) => (
                        <NavEntry key={navItem.to} item={navItem} collapsed={false} onNavigate={onNavigate} />
                      ))}
                    </ul>
                  )}
                </>
              ) : (
                <ul>
                  {items.map((navItem) => (
                    <NavEntry key={navItem.to} item={navItem} collapsed={collapsed} onNavigate={onNavigate} />
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </nav>
    </aside>
  );
}

function NavEntry({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  onNavigate(): void;
}) {
  const { t } = useTranslation();
  const { commands } = useServices();
  const hotkey = commands.definition(item.commandId)?.hotkeys?.[0];
  const label = t(item.labelKey);
  return (
    <li>
      <NavLink
        to={item.to}
        onClick={onNavigate}
        title={hotkey ? `${label} (${hotkey.toUpperCase()})` : label}
        aria-label={collapsed ? label : undefined}
        className={({ isActive }) =>
          `my-0.5 flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors ${
            isActive
              ? 'bg-primary-strong text-white shadow-sm shadow-primary/30'
              : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
          }`
        }
      >
        <Icon name={item.icon} />
        {!collapsed && <span className="truncate">{label}</span>}
      </NavLink>
    </li>
  );
}
