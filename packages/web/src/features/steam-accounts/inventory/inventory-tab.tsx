import { api } from '@tradedeck/sdk/contract';
import {
  type Currency,
  DEFAULT_PAGE_SIZE,
  formatMoney,
  type InventoryItem,
  type PageSize,
} from '@tradedeck/sdk/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandHandlers } from '../../../shared/area/use-command-handlers.ts';
import { DataTable } from '../../../shared/table/data-table.tsx';
import type { SortItem } from '../../../shared/table/table-url-state.ts';
import { useServerList } from '../../../shared/table/use-server-list.ts';
import { localeOf, useLanguage } from '../../../shared/use-language.ts';
import { ActButton } from '../../../shared/workspace/act-gate.tsx';
import { PRIMARY_BUTTON } from '../ui.ts';
import { inventoryColumns } from './inventory-columns.tsx';
import { type InventoryFilterState, InventoryFilters, NO_INVENTORY_FILTERS } from './inventory-filters.tsx';
import { lastScanAt, scanNotices, toMoneyUnits } from './inventory-rules.ts';
import { ScanNotices } from './scan-notices.tsx';
import { useLiveInventory } from './use-live-inventory.ts';

const rowId = (item: InventoryItem) => `${item.appId}/${item.contextId}/${item.assetId}`;
/** The most valuable first: what a trader looks for in an inventory. */
const DEFAULT_SORT: SortItem[] = [{ propertyName: 'price', isDescending: true }];
/** Prices are in US dollars until the items say otherwise. */
const DEFAULT_CURRENCY: Currency = 'USD';

/**
 * The Inventory tab of the account dialog: the cached items of the account's last scans (virtualised, paged on
 * the server), filters by game, text, least price and tradability, the total value of what matches, each game's
 * scan state, and "Refresh inventory", which follows the job live.
 */
export function InventoryTab({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [filters, setFilters] = useState<InventoryFilterState>(NO_INVENTORY_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<SortItem[]>(DEFAULT_SORT);
  const currencyRef = useRef(DEFAULT_CURRENCY);
  const currency = currencyRef.current;
  const minPrice = toMoneyUnits(filters.minPrice, currency);

  const changeFilters = useCallback((next: InventoryFilterState) => {
    setFilters(next);
    setPage(1);
  }, []);

  const list = useServerList(api.steamTrading.inventory, { page, pageSize, sort, filters: {} }, () => ({
    id: accountId,
    tradableOnly: filters.tradableOnly,
    ...(filters.game ? { game: filters.game } : {}),
    ...(filters.search.trim() ? { searchString: filters.search.trim() } : {}),
    ...(typeof minPrice === 'number' ? { minPrice } : {}),
  }));
  const data = list.data;
  const scans = data?.scans ?? [];
  const lastScan = lastScanAt(scans, filters.game);
  const live = useLiveInventory(accountId, lastScanAt(scans, undefined));
  const priced = data?.items.find((item) => item.referencePrice)?.referencePrice;
  if (priced) currencyRef.current = priced.currency;

  // The palette's "refresh the open account's inventory" while the tab is open and no scan runs.
  useCommandHandlers('steamAccounts', 'inventory', {
    refreshOpenInventory: live.scanning ? null : live.refresh,
  });
  useEffect(() => {
    if (!live.pollMs) return;
    const timer = setInterval(() => void list.refetch(), live.pollMs);
    return () => clearInterval(timer);
  }, [live.pollMs, list.refetch]);

  const locale = localeOf(language);
  const columns = useMemo(() => inventoryColumns(t, language), [t, language]);
  const notices = scanNotices(scans, filters.game);
  const filtered = filters.tradableOnly || filters.search.trim() !== '' || typeof minPrice === 'number';
  const value = data?.value ?? [];

  return (
    <div className="space-y-3" data-testid="inventory-tab">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="me-auto text-xs text-muted" data-testid="inventory-last-scan">
          {lastScan
            ? t('inventory.lastScan', { time: new Date(lastScan).toLocaleString(locale) })
            : t('inventory.neverScanned')}
        </p>
        <ActButton
          className={PRIMARY_BUTTON}
          disabled={live.scanning}
          onClick={live.refresh}
          data-testid="inventory-refresh"
        >
          {live.scanning ? t('inventory.refreshing') : t('inventory.refresh')}
        </ActButton>
      </div>
      <InventoryFilters
        value={filters}
        onChange={changeFilters}
        scans={scans}
        currency={currency}
        minPriceInvalid={minPrice === null}
      />
      <ScanNotices notices={notices} />
      <p className="text-sm font-semibold" data-testid="inventory-value">
        {value.length > 0
          ? t('inventory.value', {
              value: value.map((money) => formatMoney(money, locale)).join(' + '),
            })
          : t('inventory.noValue')}
      </p>
      {list.isError && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {t('inventory.loadFailed')}
        </p>
      )}
      <DataTable<InventoryItem>
        id="steam-inventory"
        label={t('inventory.label')}
        columns={columns}
        rows={data?.items ?? []}
        getRowId={rowId}
        loading={list.isFetching && !data}
        emptyText={filtered ? t('inventory.emptyFiltered') : t('inventory.empty')}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        paging={{
          page,
          pageSize,
          total: data?.total ?? 0,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }}
        height="18rem"
      />
    </div>
  );
}
