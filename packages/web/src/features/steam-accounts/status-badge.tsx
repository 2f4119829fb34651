import type { SteamAccountStatus } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';

const TONE: Record<SteamAccountStatus, string> = {
  0: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  1: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  2: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
};
const DOT: Record<SteamAccountStatus, string> = { 0: 'bg-slate-400', 1: 'bg-emerald-500', 2: 'bg-rose-500' };

/** Idle 0 / active 1 / error 2, with the last error as a tooltip and (optionally) inline. */
export function StatusBadge({
  status,
  lastError,
  inline,
}: {
  status: SteamAccountStatus;
  lastError?: string | null;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex min-w-0 items-center gap-1.5"
      title={lastError ?? undefined}
      data-status={status}
    >
      <span
        className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${TONE[status]}`}
      >
        <span aria-hidden className={`h-1.5 w-1.5 rounded-full ${DOT[status]}`} />
        {t(`steamAccounts.statuses.${status}`)}
      </span>
      {inline && lastError && (
        <span className="truncate text-xs text-rose-700 dark:text-rose-300">{lastError}</span>
      )}
    </span>
  );
}
