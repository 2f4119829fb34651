import type { PlatformState, PlatformStatus, SellerAccountStatus } from '@tradedeck/sdk/domain';
import { platformReasonMessages } from '@tradedeck/sdk/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, useLanguage } from '../../shared/use-language.ts';

const ACCOUNT_TONE: Record<SellerAccountStatus, string> = {
  running: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  paused: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  stopped: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

const PLATFORM_TONE: Record<PlatformStatus, string> = {
  none: 'border-slate-300 text-slate-600 dark:border-slate-600 dark:text-slate-300',
  online: 'border-emerald-400 text-emerald-800 dark:text-emerald-300',
  warning: 'border-amber-400 text-amber-800 dark:text-amber-300',
  error: 'border-rose-400 text-rose-800 dark:text-rose-300',
};
const PLATFORM_DOT: Record<PlatformStatus, string> = {
  none: 'bg-slate-400',
  online: 'bg-emerald-500',
  warning: 'bg-amber-500',
  error: 'bg-rose-500',
};

/** Running / paused / stopped. */
export function SellerStatusBadge({ status }: { status: SellerAccountStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="seller-status"
      data-status={status}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${ACCOUNT_TONE[status]}`}
    >
      {t(`p2pAccounts.statuses.${status}`)}
    </span>
  );
}

/** The text behind a platform's status: since when, and why when it is not plainly online. */
export function usePlatformTip(state: PlatformState): string {
  const { t } = useTranslation();
  const language = useLanguage();
  const time = state.updatedAt
    ? new Date(state.updatedAt).toLocaleString(localeOf(language))
    : t('p2pAccounts.neverUpdated');
  const lines: string[] = [
    t('p2pAccounts.platformTip', {
      platform: t(`p2pAccounts.platforms.${state.platform}`),
      status: t(`p2pAccounts.platformStatuses.${state.status}`),
      time,
    }),
  ];
  if (state.reason) {
    const reason = platformReasonMessages[language][state.reason];
    lines.push(
      t('p2pAccounts.platformReason', { reason: state.detail ? `${reason} (${state.detail})` : reason }),
    );
  }
  return lines.join('\n');
}

/**
 * One platform's status as a chip; its last-updated time and reason show on hover and on keyboard focus (the
 * chip is focusable and described by the tip, so screen readers read it too).
 */
export function PlatformBadge({ state }: { state: PlatformState }) {
  const { t } = useTranslation();
  const tipId = useId();
  const tip = usePlatformTip(state);
  return (
    <span
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tip must be reachable by keyboard (spec §3)
      tabIndex={0}
      aria-describedby={tipId}
      data-testid="platform-status"
      data-platform={state.platform}
      data-status={state.status}
      className={`group relative inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-primary ${PLATFORM_TONE[state.status]}`}
    >
      <span aria-hidden className={`h-1.5 w-1.5 rounded-full ${PLATFORM_DOT[state.status]}`} />
      {t(`p2pAccounts.platforms.${state.platform}`)}
      <span className="sr-only">: {t(`p2pAccounts.platformStatuses.${state.status}`)}</span>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full start-0 z-20 mt-1 w-72 rounded-md bg-slate-900 px-2 py-1.5 text-xs font-normal whitespace-pre-line text-white shadow-lg group-hover:visible group-focus:visible"
      >
        {tip}
      </span>
    </span>
  );
}
