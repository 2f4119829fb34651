import { useTranslation } from 'react-i18next';
import { localeOf, useLanguage } from '../../../shared/use-language.ts';
import type { ScanNotice } from './inventory-rules.ts';

const TONE: Record<ScanNotice['kind'], string> = {
  empty:
    'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300',
  notScanned:
    'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300',
  private:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200',
  failed:
    'border-rose-200 bg-rose-50 text-rose-800 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-200',
};

/** One line per game whose last scan is empty, private, failed or missing, said as such. */
export function ScanNotices({ notices }: { notices: readonly ScanNotice[] }) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  if (notices.length === 0) return null;
  return (
    <ul className="space-y-1" data-testid="inventory-notices">
      {notices.map((notice) => (
        <li
          key={notice.games.join(',')}
          data-games={notice.games.join(' ')}
          data-kind={notice.kind}
          className={`rounded-md border px-2.5 py-1.5 text-xs ${TONE[notice.kind]}`}
        >
          <span className="font-semibold">
            {notice.games.map((game) => t(`inventory.games.${game}`)).join(', ')}:{' '}
          </span>
          {notice.kind === 'failed'
            ? `${t('inventory.failedDetail', { error: notice.error ?? '' })}; ${
                notice.scannedAt && notice.itemCount > 0
                  ? t('inventory.staleItems', { time: new Date(notice.scannedAt).toLocaleString(locale) })
                  : t('inventory.noStaleItems')
              }`
            : t(`inventory.states.${notice.kind}`)}
        </li>
      ))}
    </ul>
  );
}
