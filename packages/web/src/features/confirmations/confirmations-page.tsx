import { useQueryClient } from '@tanstack/react-query';
import { api, type ConfirmationFilter, type ConfirmationRow } from '@tradedeck/sdk/contract';
import {
  CONFIRMATION_KINDS,
  type ConfirmationKind,
  PORTFOLIO_PRICE_SOURCES,
  type PortfolioPriceSource,
} from '@tradedeck/sdk/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { FilterSelect } from '../../shared/filter-select.tsx';
import { APPLY_BUTTON } from '../../shared/form-styles.ts';
import { useDisplayedCurrency } from '../../shared/money/use-displayed-currency.ts';
import { Hotkey } from '../../shared/palette/kbd.tsx';
import { invalidateOperations, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { ListLoadFailed } from '../../shared/table/list-page.tsx';
import type { SortItem } from '../../shared/table/table-url-state.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { confirmationColumns } from './confirmation-columns.tsx';

const rowId = (row: ConfirmationRow) => `${row.accountId}:${row.id}`;
/** How often the screen asks for the lists again (the server's background refresh reads Steam each minute). */
const LIST_POLL_MS = 30_000;

/** When the oldest of the shown lists was read from Steam (the rows of one account share it). */
function oldestRead(rows: readonly ConfirmationRow[]): string | null {
  return rows.reduce<string | null>(
    (oldest, row) => (oldest === null || row.fetchedAt < oldest ? row.fetchedAt : oldest),
    null,
  );
}
type Origin = 'all' | 'ours' | 'foreign';

/**
 * The confirmations centre: every account's pending mobile confirmations as the server's background refresh
 * last read them, or read from Steam now on Refresh (`confirmations.list`), filtered by type and by who created them. The selected ones are accepted or denied per
 * account (`confirmations.answer`; anything Tradedeck did not create asks for the second factor), and the rules'
 * dry run says what a rule run would accept. Every action is a palette command with a hotkey.
 */
export function ConfirmationsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const services = useServices();
  const { client, toasts } = services;
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ConfirmationKind | ''>('');
  const [origin, setOrigin] = useState<Origin>('all');
  const [source, setSource] = useState<PortfolioPriceSource>('tm');
  const currency = useDisplayedCurrency();
  const [selected, setSelected] = useState<string[]>([]);
  const [sort, setSort] = useState<SortItem[]>([]);
  const [busy, setBusy] = useState(false);
  const filter = useMemo<ConfirmationFilter>(
    () => ({
      ...(kind ? { kinds: [kind] } : {}),
      ...(origin === 'all' ? {} : { ours: origin === 'ours' }),
    }),
    [kind, origin],
  );
  // The server answers the background refresh's lists: asking again now and then shows what it read meanwhile.
  // Our own offers' items are valued like the portfolio: the source picked here, in the displayed currency.
  const listInput = useMemo(() => ({ ...filter, source, currency }), [filter, source, currency]);
  const list = useOperationQuery(api.confirmations.list, listInput, { refetchInterval: LIST_POLL_MS });
  const rows = list.data?.items ?? [];
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const reload = useCallback(
    () => void invalidateOperations(queryClient, api.confirmations.list),
    [queryClient],
  );
  // The manual fetch: every account read from Steam now, then the list shown again from what was read.
  const refresh = useCallback(async () => {
    try {
      await client.confirmations.list({ ...listInput, refresh: true });
    } catch (error) {
      notifyError(services, error);
    }
    reload();
  }, [client, listInput, reload, services]);
  const readAt = oldestRead(rows);

  const answer = useCallback(
    async (accept: boolean) => {
      const chosen = rowsRef.current.filter((row) => selectedRef.current.includes(rowId(row)));
      if (chosen.length === 0 || busy) return;
      setBusy(true);
      let answered = 0;
      let failed = 0;
      try {
        const byAccount = new Map<number, string[]>();
        for (const row of chosen)
          byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row.id]);
        for (const [accountId, confirmationIds] of byAccount) {
          const result = await client.confirmations.answer({ accountId, confirmationIds, accept });
          for (const outcome of result.outcomes) {
            if (outcome.outcome === 'failed') failed += 1;
            else answered += 1;
          }
        }
        setSelected([]);
      } catch (error) {
        notifyError(services, error);
      } finally {
        setBusy(false);
        reload();
      }
      if (answered > 0)
        toasts.show({ kind: 'success', text: t('confirmations.answered', { count: answered }) });
      if (failed > 0) toasts.show({ kind: 'error', text: t('confirmations.failed', { count: failed }) });
    },
    [busy, client, reload, services, t, toasts],
  );

  const dryRun = useCallback(async () => {
    try {
      const plan = await client.confirmations.applyRules({ dryRun: true });
      const accept = plan.planned.filter((item) => item.action === 'accept').length;
      toasts.show({
        kind: 'info',
        text: t('confirmations.plan', { accept, leave: plan.planned.length - accept }),
      });
    } catch (error) {
      notifyError(services, error);
    }
  }, [client, services, t, toasts]);

  useCommandHandlers('confirmations', 'screen', {
    accept: () => void answer(true),
    deny: () => void answer(false),
    dryRun: () => void dryRun(),
    refresh: () => void refresh(),
  });

  const columns = useMemo(() => confirmationColumns(t, language), [t, language]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="me-auto">
          <h1 className="text-2xl font-semibold tracking-tight">{t('confirmations.title')}</h1>
          <p className="text-sm text-muted">{t('confirmations.lead')}</p>
          {readAt ? (
            <p className="text-xs text-muted" data-testid="confirmations-read-at">
              {t('confirmations.readAt', {
                time: new Date(readAt).toLocaleTimeString(localeOf(language), { timeStyle: 'short' }),
              })}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => void dryRun()}
          data-testid="confirmations-dry-run"
        >
          {t('confirmations.dryRun')} <Hotkey hotkey="p" />
        </button>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => void refresh()}
          data-testid="confirmations-refresh"
        >
          {t('confirmations.refresh')} <Hotkey hotkey="r" />
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <select
          className="input w-48"
          aria-label={t('confirmations.filters.kind')}
          data-testid="confirmations-kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as ConfirmationKind | '')}
        >
          <option value="">{t('confirmations.filters.all')}</option>
          {CONFIRMATION_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`confirmations.kinds.${value}`)}
            </option>
          ))}
        </select>
        <select
          className="input w-48"
          aria-label={t('confirmations.columns.origin')}
          data-testid="confirmations-origin"
          value={origin}
          onChange={(event) => setOrigin(event.target.value as Origin)}
        >
          <option value="all">{t('confirmations.filters.origin')}</option>
          <option value="ours">{t('confirmations.filters.ours')}</option>
          <option value="foreign">{t('confirmations.filters.foreign')}</option>
        </select>
        <FilterSelect
          label={t('confirmations.value.source')}
          value={source}
          onChange={(value) => setSource((value ?? 'tm') as PortfolioPriceSource)}
          options={PORTFOLIO_PRICE_SOURCES.map((value) => [value, t(`confirmations.value.sources.${value}`)])}
          testId="confirmations-source"
        />
        <div className="ms-auto flex gap-2">
          <button
            type="button"
            className={APPLY_BUTTON}
            disabled={selected.length === 0 || busy}
            onClick={() => void answer(true)}
            data-testid="confirmations-accept"
          >
            {t('confirmations.accept')} <Hotkey hotkey="a" />
          </button>
          <button
            type="button"
            className="btn-ghost"
            disabled={selected.length === 0 || busy}
            onClick={() => void answer(false)}
            data-testid="confirmations-deny"
          >
            {t('confirmations.deny')} <Hotkey hotkey="shift+d" />
          </button>
        </div>
      </div>
      <ListLoadFailed failed={list.isError} text={t('confirmations.loadFailed')} />
      {list.data?.failures.map((failure) => (
        <p key={failure.accountId} className="text-sm text-warning">
          {t('confirmations.accountFailed', { login: failure.login, message: failure.message })}
        </p>
      ))}
      <DataTable<ConfirmationRow>
        id="confirmations"
        label={t('confirmations.title')}
        columns={columns}
        rows={rows}
        getRowId={rowId}
        loading={list.isLoading}
        emptyText={t('confirmations.empty')}
        sort={sort}
        onSortChange={setSort}
        selection={{ ids: selected, onChange: setSelected }}
      />
    </div>
  );
}
