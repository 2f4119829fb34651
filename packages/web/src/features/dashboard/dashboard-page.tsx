import { api } from '@tradedeck/sdk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../shared/app-services.tsx';
import { Amount } from '../../shared/money/amount.tsx';
import { useRates } from '../../shared/money/use-displayed-currency.ts';
import { Hotkey } from '../../shared/palette/kbd.tsx';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { useStore } from '../../shared/use-store.ts';
import { LiveChecksCard } from './live-checks-card.tsx';
import { useCounters } from './use-counters.ts';

/** Main → Dashboard: counters by status, recent activity, the server's state. */
export function DashboardPage() {
  const { t } = useTranslation();
  const proxies = useCounters('proxies');
  const accounts = useCounters('steamAccounts');
  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard.title')}</h1>
          <p className="text-sm text-muted">{t('dashboard.subtitle')}</p>
        </div>
        <p className="flex items-center gap-2 text-xs text-muted">
          {t('dashboard.paletteHint')} <Hotkey hotkey="mod+k" />
        </p>
      </header>
      <div className="grid gap-4 md:grid-cols-2">
        <CounterCard
          title={t('nav.steamAccounts')}
          to="/panel/steam-accounts"
          query={accounts}
          noun="accounts"
          statusKey="dashboard.accountStatuses"
        />
        <CounterCard
          title={t('nav.proxies')}
          to="/panel/proxy"
          query={proxies}
          noun="proxies"
          statusKey="dashboard.proxyStatuses"
        />
      </div>
      <BalancesCard />
      <div className="grid gap-4 lg:grid-cols-3">
        <RecentActivity />
        <ServerCard />
        <LiveChecksCard />
      </div>
    </div>
  );
}

function CounterCard({
  title,
  to,
  query,
  noun,
  statusKey,
}: {
  title: string;
  to: string;
  query: ReturnType<typeof useCounters>;
  noun: 'accounts' | 'proxies';
  statusKey: string;
}) {
  const { t } = useTranslation();
  const data = query.data;
  return (
    <section className="card p-5">
      <div className="flex items-start justify-between">
        <h2 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{title}</h2>
        <Link to={to} className="text-xs font-semibold text-primary-ink hover:underline">
          {t('dashboard.open')}
        </Link>
      </div>
      {data ? (
        <>
          <p className="mt-2 text-3xl font-bold tracking-tight">
            {t(`dashboard.count.${noun}`, { count: data.total })}
          </p>
          <ul className="mt-3 flex flex-wrap gap-2 text-xs">
            {Object.entries(data.byStatus).map(([status, count]) => (
              <li key={status} className="rounded-full bg-slate-100 px-2.5 py-1 dark:bg-slate-800">
                {t(`${statusKey}.${status}`, { defaultValue: status })}: <b>{count}</b>
              </li>
            ))}
          </ul>
        </>
      ) : query.isError ? (
        <p className="mt-3 text-sm text-rose-600">{t('dashboard.countersFailed')}</p>
      ) : (
        <p className="mt-3 h-9 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      )}
    </section>
  );
}

/** The P2P seller accounts' balances summed, in the displayed currency (converted amounts say so). */
export function BalancesCard() {
  const { t } = useTranslation();
  const counters = useOperationQuery(api.p2p.counters);
  const balances = counters.data?.balances;
  const { rates } = useRates();
  return (
    <section className="card p-5" data-testid="dashboard-balances">
      <div className="flex items-start justify-between">
        <h2 className="text-sm font-semibold text-slate-600 dark:text-slate-300">
          {t('dashboard.balances.title')}
        </h2>
        <Link to="/panel/accounts" className="text-xs font-semibold text-primary-ink hover:underline">
          {t('dashboard.open')}
        </Link>
      </div>
      {balances ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1">
          <dt className="text-sm text-muted">{t('dashboard.balances.available')}</dt>
          <dd className="text-2xl font-bold tracking-tight">
            <Amount testId="dashboard-available" money={balances.available} />
          </dd>
          <dt className="text-sm text-muted">{t('dashboard.balances.onHold')}</dt>
          <dd className="text-lg font-semibold">
            <Amount testId="dashboard-on-hold" money={balances.onHold} />
          </dd>
        </dl>
      ) : counters.isError ? (
        <p className="mt-3 text-sm text-rose-600">{t('dashboard.countersFailed')}</p>
      ) : (
        <p className="mt-3 h-9 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      )}
      {rates?.unreachable && (
        <p className="mt-3 text-xs text-amber-700 dark:text-amber-300" data-testid="rates-unreachable">
          {rates.message}
        </p>
      )}
    </section>
  );
}

function RecentActivity() {
  const { t } = useTranslation();
  const { commands } = useServices();
  const recent = useStore(commands.subscribe, () => commands.recent);
  return (
    <section className="card p-5 lg:col-span-2">
      <h2 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('dashboard.recent')}</h2>
      {recent.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('dashboard.recentEmpty')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {recent.map((id) => {
            const def = commands.definition(id);
            if (!def) return null;
            return (
              <li key={id} className="flex items-center justify-between py-2 text-sm">
                <button
                  type="button"
                  className="text-start hover:text-primary-ink"
                  onClick={() => commands.runDefined(def, { remember: true })}
                >
                  {t(def.titleKey)}
                </button>
                {def.hotkeys?.[0] && <Hotkey hotkey={def.hotkeys[0]} />}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function ServerCard() {
  const { t } = useTranslation();
  const status = useOperationQuery(api.system.status);
  return (
    <section className="card p-5">
      <h2 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('dashboard.server')}</h2>
      {status.data ? (
        <dl className="mt-3 grid grid-cols-2 gap-y-1.5 text-sm">
          <dt className="text-muted">{t('dashboard.version')}</dt>
          <dd>{status.data.version}</dd>
          <dt className="text-muted">{t('dashboard.mode')}</dt>
          <dd>{t(`dashboard.modes.${status.data.mode}`)}</dd>
          <dt className="text-muted">{t('dashboard.database')}</dt>
          <dd>{status.data.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}</dd>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-muted">
          {status.isError ? t('dashboard.serverFailed') : t('table.loading')}
        </p>
      )}
    </section>
  );
}
