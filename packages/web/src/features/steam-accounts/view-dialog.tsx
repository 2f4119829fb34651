import type { SteamAccountRow } from '@tradedeck/sdk/contract';
import { api } from '@tradedeck/sdk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { ActButton } from '../../shared/workspace/act-gate.tsx';
import { AccountDetails } from './account-details.tsx';
import { InventoryTab } from './inventory/inventory-tab.tsx';
import { StatusBadge } from './status-badge.tsx';

export type AccountViewTab = 'details' | 'inventory';

/**
 * Steam's AccountLoginDeniedThrottle (87): sign-ins to the account refused for 24–48 h (notes/steam.md §2, §11),
 * which the sign-in classifies as `authenticationProblem` with a day's cool-down.
 */
const SESSION_LOCKED_REASON = 'authenticationProblem';
const TABS: readonly AccountViewTab[] = ['details', 'inventory'];

/**
 * One account (modal 600): its status and last error on top (live), then two tabs: the account's details and
 * its inventory.
 */
export function ViewAccountDialog({
  controls,
  accountId,
  initialTab = 'details',
  onCopyCode,
  onRemove,
}: {
  controls: ModalControls;
  accountId: number;
  initialTab?: AccountViewTab;
  onCopyCode(account: SteamAccountRow): void;
  onRemove(account: SteamAccountRow, controls: ModalControls): void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AccountViewTab>(initialTab);
  const account = useOperationQuery(api.steamAccounts.get, { id: accountId });
  const row = account.data;

  return (
    <ModalFrame
      title={row ? `${t('steamAccounts.view.title')}: ${row.login}` : t('steamAccounts.view.title')}
      onClose={controls.dismiss}
      footer={
        row && (
          <>
            <ActButton className="btn-danger me-auto" onClick={() => onRemove(row, controls)}>
              {t('steamAccounts.actions.remove')}
            </ActButton>
            <ActButton needs="secrets" className="btn-ghost" onClick={() => onCopyCode(row)}>
              {t('steamAccounts.actions.copyCode')}
            </ActButton>
          </>
        )
      }
    >
      {!row ? (
        <p className="text-muted">{t('steamAccounts.view.loading')}</p>
      ) : (
        <div className="space-y-4" data-testid="account-view">
          <div className="flex items-center gap-3">
            {row.avatarUri ? (
              <img src={row.avatarUri} alt="" className="h-12 w-12 rounded-md" />
            ) : (
              <div className="h-12 w-12 rounded-md bg-slate-200 dark:bg-slate-700" />
            )}
            <div className="min-w-0">
              <p className="truncate font-semibold">{row.login}</p>
              <p className="font-mono text-xs text-muted">{row.steamId ?? '—'}</p>
            </div>
            <div className="ms-auto" data-testid="account-view-status">
              <StatusBadge status={row.accountStatus} />
            </div>
          </div>
          {row.lastErrorReason === SESSION_LOCKED_REASON && (
            <div
              role="alert"
              className="rounded-md bg-amber-100 p-3 text-sm text-amber-950"
              data-testid="session-locked"
            >
              <p className="font-semibold">{t('steamAccounts.view.sessionLocked')}</p>
              <p>{t('steamAccounts.view.sessionLockedHelp')}</p>
            </div>
          )}
          {row.lastError && (
            <p className="text-sm" data-testid="account-view-error">
              <span className="text-muted">{t('steamAccounts.view.lastError')}: </span>
              <span className="text-rose-700 dark:text-rose-300">{row.lastError}</span>
            </p>
          )}
          <div role="tablist" className="flex gap-1 border-b border-slate-200 dark:border-slate-700">
            {TABS.map((id) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`account-tab-${id}`}
                aria-selected={tab === id}
                aria-controls={`account-panel-${id}`}
                tabIndex={tab === id ? 0 : -1}
                onClick={() => setTab(id)}
                onKeyDown={(event) => {
                  // Arrow keys move between tabs, as in every tab list (two tabs: either arrow, either direction).
                  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                  const next = TABS[(TABS.indexOf(id) + 1) % TABS.length]!;
                  setTab(next);
                  document.getElementById(`account-tab-${next}`)?.focus();
                }}
                className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-medium ${
                  tab === id
                    ? 'border-primary text-primary-ink'
                    : 'border-transparent text-muted hover:text-slate-800 dark:hover:text-white'
                }`}
              >
                {t(`inventory.tabs.${id}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={`account-tab-${tab}`}>
            {tab === 'details' ? <AccountDetails row={row} /> : <InventoryTab accountId={row.id} />}
          </div>
        </div>
      )}
    </ModalFrame>
  );
}
