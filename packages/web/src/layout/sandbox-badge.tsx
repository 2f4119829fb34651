import { api } from '@tradedeck/sdk/contract';
import { useTranslation } from 'react-i18next';
import { useOperationQuery } from '../shared/queries/operation-query.ts';

/** Shown while the server runs in sandbox mode (simulated Steam), so nobody mistakes it for the live panel. */
export function SandboxBadge() {
  const { t } = useTranslation();
  const status = useOperationQuery(api.system.status, undefined, { staleTime: 60_000 });
  if (status.data?.mode !== 'sandbox') return null;
  return (
    <span
      data-testid="sandbox-badge"
      title={t('steamAccounts.sandboxHint')}
      className="rounded-full border border-amber-400 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-amber-900 uppercase dark:border-amber-600 dark:bg-amber-950 dark:text-amber-200"
    >
      {t('steamAccounts.sandbox')}
    </span>
  );
}
