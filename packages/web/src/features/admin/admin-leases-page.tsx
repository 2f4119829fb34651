import { needsAdminTwoFactor } from '@tradedeck/sdk/client';
import { api, type Lease } from '@tradedeck/sdk/contract';
import { useTranslation } from 'react-i18next';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { AdminTwoFactorNeeded } from './two-factor-needed.tsx';

const COLUMNS = ['leaseKind', 'leaseWhat', 'leaseOwner', 'leaseSince', 'leaseExpires'] as const;

/**
 * Who runs what: every lease a server process holds (running jobs, pending trade intents, harvester runners,
 * repricing applies), its process and until when. Read only; several processes on one Postgres show side by side.
 */
export function AdminLeasesPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'admin' });
  const locale = localeOf(useLanguage());
  const leases = useOperationQuery(api.admin.listLeases, {});
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale) : '—');
  const owner = (lease: Lease) =>
    lease.owner ? `${lease.owner.host ?? '?'}:${lease.owner.pid ?? '?'}` : t('noOwner');
  const items = leases.data?.items ?? [];

  if (needsAdminTwoFactor(leases.error)) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">{t('leasesTitle')}</h1>
        <AdminTwoFactorNeeded message={leases.error.message} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">{t('leasesTitle')}</h1>
      {leases.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {String((leases.error as Error).message)}
        </p>
      ) : null}
      <table className="w-full border-collapse text-start text-sm">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            {COLUMNS.map((h) => (
              <th key={h} scope="col" className="px-2 py-2 font-semibold">
                {t(h)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {leases.isPending || items.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="px-2 py-3">
                {leases.isPending ? t('loading') : t('leasesEmpty')}
              </td>
            </tr>
          ) : (
            items.map((lease) => (
              <tr
                key={`${lease.kind} ${lease.what}`}
                className="border-b border-slate-200 dark:border-slate-800"
              >
                <td className="px-2 py-2">{t(lease.kind)}</td>
                <td className="px-2 py-2 font-mono text-xs">{lease.what}</td>
                <td className="px-2 py-2 font-mono text-xs">{owner(lease)}</td>
                <td className="px-2 py-2">{time(lease.since)}</td>
                <td className="px-2 py-2">{time(lease.expiresAt)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
