import { useTranslation } from 'react-i18next';
import { useProxyCheckFeed } from './use-proxy-check-feed.ts';

/** Proxy check results pushed by the server as they happen, without reloading. */
export function LiveChecksCard() {
  const { t } = useTranslation();
  const { events, state } = useProxyCheckFeed();
  return (
    <section className="card p-5 lg:col-span-3" aria-labelledby="live-checks-title" data-feed-state={state}>
      <div className="flex items-center justify-between">
        <h2 id="live-checks-title" className="text-sm font-semibold text-slate-600 dark:text-slate-300">
          {t('dashboard.liveChecks.title')}
        </h2>
        {state !== 'live' && <span className="text-xs text-muted">{t(`dashboard.liveChecks.${state}`)}</span>}
      </div>
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('dashboard.liveChecks.empty')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800" aria-live="polite">
          {events.map((event) => (
            <li key={event.version} className="flex items-center justify-between py-1.5">
              <span>{t('dashboard.liveChecks.proxy', { id: event.id })}</span>
              <span
                className={
                  event.valid ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'
                }
              >
                {event.valid ? t('dashboard.liveChecks.valid') : t('dashboard.liveChecks.invalid')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
