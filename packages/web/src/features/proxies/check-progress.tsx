import { useTranslation } from 'react-i18next';
import type { BatchProgress } from './running-checks.ts';

/** The running checks: how many results arrived of how many, and how many were valid. */
export function CheckProgress({ batch }: { batch: BatchProgress }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  const total = Math.max(batch.total, batch.done);
  return (
    <section
      className="card flex flex-wrap items-center gap-3 px-4 py-2 text-sm"
      aria-label={t('proxies.progress.label')}
      data-testid="check-progress"
    >
      <span className="font-semibold">
        {t('proxies.progress.counts', { done: format.format(batch.done), total: format.format(total) })}
      </span>
      <progress
        className="h-2 flex-1 accent-primary"
        max={Math.max(1, total)}
        value={batch.done}
        aria-label={t('proxies.progress.label')}
      />
      <span className="text-emerald-700 dark:text-emerald-400">
        {t('proxies.progress.valid', { count: batch.valid })}
      </span>
      <span className="text-rose-700 dark:text-rose-300">
        {t('proxies.progress.invalid', { count: batch.invalid })}
      </span>
    </section>
  );
}
