import type { HarvesterTransactionStatus } from '@tradedeck/sdk/domain';
import { isActiveTransactionStatus } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import type { SessionDisplayStatus } from './session-rules.ts';

const SESSION_TONES: Record<SessionDisplayStatus, string> = {
  idle: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  running: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  paused: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  unknown: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-200',
  finished: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-200',
  completed: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-200',
};

export function SessionStatusBadge({ status }: { status: SessionDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded px-1.5 py-0.5 text-xs font-medium ${SESSION_TONES[status]}`}
      data-session-status={status}
    >
      {t(`harvester.sessionStatuses.${status}`)}
    </span>
  );
}

function transactionTone(status: HarvesterTransactionStatus): string {
  if (status === 'error') return 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-200';
  if (status === 'completed')
    return 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200';
  if (status === 'reversed') return 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-200';
  if (status === 'cancelled') return 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200';
  return 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200';
}

export function TransactionStatusBadge({ status }: { status: HarvesterTransactionStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium ${transactionTone(status)}`}
      data-tx-status={status}
    >
      {isActiveTransactionStatus(status) && (
        <span aria-hidden className="h-1.5 w-1.5 animate-pulse rounded-full bg-current" />
      )}
      {t(`harvester.txStatuses.${status}`)}
    </span>
  );
}
