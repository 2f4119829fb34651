import { useTranslation } from 'react-i18next';
import { allTabs, type HarvesterTab } from './session-tabs.ts';

/** The tab strip: sessions, profiles, then each opened session with a close button (h / l switch tabs). */
export function SessionTabBar({
  open,
  current,
  nameOf,
  onShow,
  onClose,
}: {
  open: readonly number[];
  current: HarvesterTab;
  nameOf(id: number): string;
  onShow(tab: HarvesterTab): void;
  onClose(id: number): void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="tablist"
      aria-label={t('harvester.tabs.label')}
      className="flex flex-wrap items-end gap-1 border-b border-slate-200 dark:border-slate-800"
    >
      {allTabs(open).map((tab) => {
        const selected = tab === current;
        const label = typeof tab === 'number' ? nameOf(tab) : t(`harvester.tabs.${tab}`);
        return (
          <span
            key={String(tab)}
            className={`flex items-center rounded-t-md border-b-2 ${
              selected ? 'border-primary bg-white dark:bg-slate-900' : 'border-transparent'
            }`}
          >
            <button
              type="button"
              role="tab"
              aria-selected={selected}
              data-tab={String(tab)}
              className={`px-3 py-1.5 text-sm ${selected ? 'font-semibold text-primary-ink' : 'text-muted hover:text-slate-800 dark:hover:text-white'}`}
              onClick={() => onShow(tab)}
            >
              {label}
            </button>
            {typeof tab === 'number' && (
              <button
                type="button"
                aria-label={t('harvester.tabs.close', { name: label })}
                className="me-1 rounded px-1 text-xs text-muted hover:bg-slate-100 dark:hover:bg-slate-800"
                onClick={() => onClose(tab)}
              >
                ✕
              </button>
            )}
          </span>
        );
      })}
    </div>
  );
}
