import { api } from '@tradedeck/sdk/contract';
import { MAINTENANCE_POLL_MS } from '@tradedeck/sdk/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { StatusLayout } from './status-layout.tsx';

/** Maintenance: reason and estimated completion when known; re-checks every 30 s and returns to / when over. */
export function MaintenancePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const describe = useDescribeError();
  const status = useOperationQuery(api.system.status, undefined, {
    refetchInterval: MAINTENANCE_POLL_MS,
    staleTime: 0,
  });
  const maintenance = status.data?.maintenance;

  useEffect(() => {
    if (maintenance && !maintenance.active) navigate('/', { replace: true });
  }, [maintenance, navigate]);

  const eta = maintenance?.estimatedCompletion
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(maintenance.estimatedCompletion),
      )
    : null;

  return (
    <StatusLayout badge="🛠️">
      <h1 className="text-2xl font-bold">{t('maintenance.title')}</h1>
      <p className="max-w-md text-muted">{t('maintenance.description')}</p>
      {maintenance?.reason && (
        <p className="max-w-md text-sm" data-testid="maintenance-reason">
          <span className="font-semibold">{t('maintenance.reason')}:</span> {maintenance.reason}
        </p>
      )}
      {status.isError && (
        <p
          role="alert"
          className="max-w-md text-sm text-rose-700 dark:text-rose-300"
          data-testid="maintenance-error"
        >
          {t('maintenance.failed')}: {describe(status.error)}
        </p>
      )}
      {eta && (
        <p className="text-sm" data-testid="maintenance-eta">
          <span className="font-semibold">{t('maintenance.eta')}:</span> {eta}
        </p>
      )}
      <button
        type="button"
        onClick={() => void status.refetch()}
        disabled={status.isFetching}
        className="rounded-md bg-primary-strong px-5 py-2 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-60"
      >
        {status.isFetching ? t('maintenance.checking') : t('maintenance.check')}
      </button>
      <p className="text-xs text-muted">{t('maintenance.auto')}</p>
    </StatusLayout>
  );
}
