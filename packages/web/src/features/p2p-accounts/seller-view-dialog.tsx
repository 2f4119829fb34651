import { useMutation } from '@tanstack/react-query';
import { api, type SellerAccountRow } from '@tradedeck/sdk/contract';
import type { Currency, SellerModule } from '@tradedeck/sdk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { Amount } from '../../shared/money/amount.tsx';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import type { BulkAction } from './bulk-run.ts';
import { CurrencyField, ModulesField, PRIMARY_BUTTON, TextField } from './form-fields.tsx';
import { checkEditForm, type SellerForm } from './form-rules.ts';
import { ProxyField } from './pick-fields.tsx';
import { PlatformErrorReset } from './platform-error-reset.tsx';
import { SellerStatusBadge, usePlatformTip } from './seller-badges.tsx';

interface EditState {
  apiKey: string;
  paymentPassword: string;
  proxy: SellerForm['proxy'] | null;
  modules: SellerModule[] | null;
  currency: Currency | null;
}

const NO_EDITS: EditState = { apiKey: '', paymentPassword: '', proxy: null, modules: null, currency: null };

/**
 * One seller account (modal 600): status, platforms with their reasons, balances (all live), the key masked,
 * and the edit form (new key, new payment password, proxy, modules, currency; empty secrets keep the stored
 * ones). Start, pause, stop and delete open the screen's bulk flow for this one account; a platform in status
 * error offers its reset.
 */
export function SellerViewDialog({
  controls,
  accountId,
  onAction,
}: {
  controls: ModalControls;
  accountId: number;
  onAction(action: BulkAction, row: SellerAccountRow, controls: ModalControls): void;
}) {
  const { t } = useTranslation();
  const account = useOperationQuery(api.p2p.get, { id: accountId });
  const row = account.data;
  return (
    <ModalFrame
      title={row ? `${t('p2pAccounts.view.title')}: ${row.login}` : t('p2pAccounts.view.title')}
      onClose={controls.dismiss}
      footer={
        row && (
          <>
            <button
              type="button"
              className="btn-danger me-auto"
              onClick={() => onAction('remove', row, controls)}
            >
              {t('p2pAccounts.actions.remove')}
            </button>
            {row.status === 'running' ? (
              <button type="button" className="btn-ghost" onClick={() => onAction('pause', row, controls)}>
                {t('p2pAccounts.actions.pause')}
              </button>
            ) : (
              <button type="button" className="btn-ghost" onClick={() => onAction('start', row, controls)}>
                {t('p2pAccounts.actions.start')}
              </button>
            )}
            {row.status !== 'stopped' && (
              <button type="button" className="btn-ghost" onClick={() => onAction('stop', row, controls)}>
                {t('p2pAccounts.actions.stop')}
              </button>
            )}
          </>
        )
      }
    >
      {row ? <SellerDetails row={row} /> : <p className="text-muted">{t('p2pAccounts.view.loading')}</p>}
    </ModalFrame>
  );
}

function PlatformLine({
  state,
  accountId,
}: {
  state: SellerAccountRow['platforms'][number];
  accountId: number;
}) {
  const tip = usePlatformTip(state);
  return (
    <div className="space-y-2">
      <p className="text-xs whitespace-pre-line" data-testid="view-platform" data-status={state.status}>
        {tip}
      </p>
      {state.status === 'error' && <PlatformErrorReset accountId={accountId} />}
    </div>
  );
}

export function SellerDetails({ row }: { row: SellerAccountRow }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { client, toasts, queryClient } = useServices();
  const describe = useDescribeError();
  const [edits, setEdits] = useState<EditState>(NO_EDITS);
  const modules = edits.modules ?? row.modules;
  const errors = checkEditForm({ apiKey: edits.apiKey, paymentPassword: edits.paymentPassword, modules });
  const changed =
    edits.apiKey.trim() !== '' ||
    edits.paymentPassword !== '' ||
    edits.proxy !== null ||
    edits.modules !== null ||
    (edits.currency !== null && edits.currency !== row.currency);

  const currencyChanged = edits.currency !== null && edits.currency !== row.currency;
  const save = useMutation({
    mutationFn: async () => {
      // The market's currency changes on the market first (only when nothing is listed or in flight); its
      // refusals come back as the spec's currency errors and nothing else is saved.
      if (currencyChanged) await client.p2p.changeCurrency({ id: row.id, currency: edits.currency! });
      const rest =
        edits.apiKey.trim() !== '' ||
        edits.paymentPassword !== '' ||
        edits.proxy !== null ||
        edits.modules !== null;
      if (!rest) return;
      await client.p2p.update({
        id: row.id,
        ...(edits.apiKey.trim() ? { apiKey: edits.apiKey.trim() } : {}),
        ...(edits.paymentPassword ? { paymentPassword: edits.paymentPassword } : {}),
        ...(edits.proxy !== null
          ? { proxyId: edits.proxy === 'none' || edits.proxy === 'steam' ? null : edits.proxy }
          : {}),
        ...(edits.modules !== null ? { modules: edits.modules } : {}),
      });
    },
    onSuccess: () => {
      setEdits(NO_EDITS);
      toasts.show({ kind: 'success', text: t('p2pAccounts.view.saved') });
      void invalidateArea(queryClient, api.p2p);
    },
  });
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(localeOf(language)) : t('p2pAccounts.view.never');

  return (
    <div className="space-y-4" data-testid="seller-view">
      <div className="flex items-center gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{row.login}</p>
          <p className="font-mono text-xs text-muted">{row.steamId ?? '—'}</p>
        </div>
        <div className="ms-auto">
          <SellerStatusBadge status={row.status} />
        </div>
      </div>
      {row.platforms.map((state) => (
        <PlatformLine key={state.platform} state={state} accountId={row.id} />
      ))}
      <dl className="grid grid-cols-[10rem_1fr] gap-y-1.5">
        <dt className="text-muted">{t('p2pAccounts.view.balances')}</dt>
        <dd data-testid="view-balances">
          <Amount money={row.balances.available} /> · {t('p2pAccounts.columns.onHold')}{' '}
          <Amount money={row.balances.onHold} />
        </dd>
        <dt className="text-muted">{t('p2pAccounts.view.apiKey')}</dt>
        <dd className="font-mono" data-testid="view-api-key">
          {row.apiKeyMasked}
        </dd>
        <dt className="text-muted">{t('p2pAccounts.view.paymentPassword')}</dt>
        <dd>
          {row.hasPaymentPassword
            ? t('p2pAccounts.view.paymentPasswordStored')
            : t('p2pAccounts.view.paymentPasswordMissing')}
        </dd>
        <dt className="text-muted">{t('p2pAccounts.view.deliveries')}</dt>
        <dd>{row.activeDeliveries}</dd>
        <dt className="text-muted">{t('p2pAccounts.view.lastPing')}</dt>
        <dd>{date(row.lastPingAt)}</dd>
        <dt className="text-muted">{t('p2pAccounts.view.created')}</dt>
        <dd>{date(row.createdAt)}</dd>
      </dl>
      <form
        className="space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (changed && Object.keys(errors).length === 0) save.mutate();
        }}
      >
        <TextField
          label={t('p2pAccounts.view.newApiKey')}
          value={edits.apiKey}
          onChange={(apiKey) => setEdits((current) => ({ ...current, apiKey }))}
          error={errors.apiKey}
        />
        <TextField
          label={t('p2pAccounts.view.newPaymentPassword')}
          type="password"
          value={edits.paymentPassword}
          onChange={(paymentPassword) => setEdits((current) => ({ ...current, paymentPassword }))}
          error={errors.paymentPassword}
        />
        <div className="grid grid-cols-2 gap-3">
          <ProxyField
            allowSteam={false}
            current={
              row.proxyId && row.proxy
                ? { id: row.proxyId, label: `${row.proxy.address}:${row.proxy.port}` }
                : null
            }
            value={edits.proxy ?? row.proxyId ?? 'none'}
            onChange={(proxy) => setEdits((current) => ({ ...current, proxy }))}
          />
          <CurrencyField
            value={edits.currency ?? row.currency}
            onChange={(currency) => setEdits((current) => ({ ...current, currency }))}
          />
        </div>
        <ModulesField
          value={modules}
          onChange={(next) => setEdits((current) => ({ ...current, modules: next }))}
          error={errors.modules}
        />
        {save.isError && (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300" data-testid="server-error">
            {describe(save.error)}
          </p>
        )}
        <div className="flex justify-end">
          <button
            type="submit"
            className={PRIMARY_BUTTON}
            disabled={!changed || Object.keys(errors).length > 0 || save.isPending}
          >
            {t('p2pAccounts.view.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
