import type { LotGroup, LotRow } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import { applyLotsChanged } from '../src/features/lots/lot-cache.ts';
import { currencyOf, lotsIn, selectionOf, tableRows } from '../src/features/lots/lot-rows.ts';
import { toSaleFilters } from '../src/features/sales-history/sale-filters.ts';

const now = '2026-11-26T10:00:00.000Z';
const lot = (id: number, login: string, amount: number): LotRow => ({
  id,
  groupKey: 'cs2:AK-47 | Redline (Field-Tested)',
  account: { id: id * 10, login },
  platform: 'tm',
  itemId: `item-${id}`,
  assetId: `asset-${id}`,
  marketHashName: 'AK-47 | Redline (Field-Tested)',
  name: 'AK-47 | Redline',
  game: 'cs2',
  exterior: 'Field-Tested',
  rarity: 'Classified',
  quantity: 1,
  price: { currency: 'USD', amount },
  currency: 'USD',
  purchasePrice: null,
  minPrice: null,
  maxPrice: null,
  platformPrices: [],
  profile: 'balanced',
  strategy: { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 },
  status: 'on_sale',
  issues: [],
  listedAt: now,
  lastPriceWriteAt: null,
  lastRepriceReason: null,
  updatedAt: now,
});
const group = (key: string, children: LotRow[]): LotGroup => ({
  key,
  marketHashName: key,
  name: key,
  game: 'cs2',
  exterior: null,
  rarity: null,
  quantity: children.length,
  lotsCount: children.length,
  accountsCount: children.length,
  lowestPrice: [],
  byStatus: { on_sale: children.length, hold: 0, ready_to_trade: 0, in_inventory: 0 },
  issues: [],
  children,
  childrenTruncated: false,
});

describe('lots table rows', () => {
  const groups = [group('a', [lot(1, 'one', 100), lot(2, 'two', 120)]), group('b', [lot(3, 'three', 90)])];

  it('shows a group’s orders under it only while it is expanded', () => {
    expect(tableRows(groups, new Set()).map((row) => row.id)).toEqual(['g:a', 'g:b']);
    expect(tableRows(groups, new Set(['a'])).map((row) => row.id)).toEqual(['g:a', 'l:1', 'l:2', 'g:b']);
  });

  it('turns chosen rows into the server’s selection and counts the lots once', () => {
    expect(selectionOf(['g:a', 'l:3'])).toEqual({ ids: [3], groupKeys: ['a'] });
    expect(selectionOf([])).toBeNull();
    const rows = tableRows(groups, new Set(['a']));
    expect(lotsIn(rows.filter((row) => ['g:a', 'l:1', 'g:b'].includes(row.id)))).toBe(3);
    expect(lotsIn(rows.filter((row) => row.id === 'l:2'))).toBe(1);
    expect(currencyOf(rows, 'RUB')).toBe('USD');
    expect(currencyOf([], 'RUB')).toBe('RUB');
  });

  it('follows a live price change of a lot on screen and leaves other pages alone', () => {
    const page = { items: groups, total: 2, page: 1, pageSize: 50 };
    const change = {
      id: 2,
      accountId: 20,
      price: { currency: 'USD' as const, amount: 99 },
      status: 'on_sale' as const,
      issues: ['out_of_range' as const],
      lastPriceWriteAt: now,
      itemId: 'item-2',
      listedAt: now,
      removed: false,
    };
    const next = applyLotsChanged(page, { lots: [change] });
    expect(next?.items[0]?.children.map((row) => row.price?.amount)).toEqual([100, 99]);
    expect(next?.items[0]?.children[1]?.issues).toEqual(['out_of_range']);
    expect(next?.items[1]).toBe(page.items[1]);
    expect(applyLotsChanged(page, { lots: [{ ...change, id: 404 }] })).toBe(page);
  });

  it('shows a group’s new lowest price as soon as a reprice lowers or raises its cheapest lot', () => {
    const priced = [
      {
        ...group('a', [lot(1, 'one', 100), lot(2, 'two', 120)]),
        lowestPrice: [{ currency: 'USD' as const, amount: 100 }],
      },
    ];
    const page = { items: priced, total: 1, page: 1, pageSize: 50 };
    const moved = (id: number, amount: number) => ({
      id,
      accountId: id * 10,
      price: { currency: 'USD' as const, amount },
      status: 'on_sale' as const,
      issues: [],
      lastPriceWriteAt: now,
      removed: false,
    });
    const lowered = applyLotsChanged(page, { lots: [moved(1, 2), moved(2, 2)] });
    expect(lowered?.items[0]?.lowestPrice).toEqual([{ currency: 'USD', amount: 2 }]);
    const raised = applyLotsChanged(page, { lots: [moved(1, 130)] });
    expect(raised?.items[0]?.lowestPrice).toEqual([{ currency: 'USD', amount: 120 }]);
  });

  it('moves a sold lot between its group’s status counts as the sale arrives', () => {
    const page = { items: groups, total: 2, page: 1, pageSize: 50 };
    const sold = {
      id: 1,
      accountId: 10,
      price: { currency: 'USD' as const, amount: 100 },
      status: 'ready_to_trade' as const,
      issues: [],
      lastPriceWriteAt: null,
      itemId: 'item-1',
      listedAt: now,
      removed: false,
    };
    const next = applyLotsChanged(page, { lots: [sold] });
    expect(next?.items[0]?.byStatus).toEqual({ on_sale: 1, hold: 0, ready_to_trade: 1, in_inventory: 0 });
    expect(next?.items[0]?.children[0]?.status).toBe('ready_to_trade');
    // The same status again changes no count.
    expect(applyLotsChanged(next, { lots: [sold] })?.items[0]?.byStatus).toEqual(next?.items[0]?.byStatus);
  });

  it('shows a listing taken down after a sale on another market as no longer on sale since any date', () => {
    const page = { items: groups, total: 2, page: 1, pageSize: 50 };
    const delisted = {
      id: 2,
      accountId: 20,
      price: null,
      status: 'in_inventory' as const,
      issues: ['sold_elsewhere' as const],
      lastPriceWriteAt: null,
      itemId: null,
      listedAt: null,
      removed: false,
    };
    const row = applyLotsChanged(page, { lots: [delisted] })?.items[0]?.children[1];
    expect([row?.status, row?.itemId, row?.listedAt, row?.issues]).toEqual([
      'in_inventory',
      null,
      null,
      ['sold_elsewhere'],
    ]);
  });
});

describe('sales history filters', () => {
  it('reads the period as whole UTC days with the last day included', () => {
    expect(
      toSaleFilters({ from: '2026-11-01', to: '2026-11-30', account: '7', game: 'cs2', platform: 'tm' }),
    ).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      accountIds: [7],
      games: ['cs2'],
      platforms: ['tm'],
    });
  });

  it('drops a reversed period and unknown words instead of sending them', () => {
    expect(toSaleFilters({ from: '2026-11-30', to: '2026-11-01', game: 'chess', account: 'x' })).toEqual({
      accountIds: [],
      games: [],
      platforms: [],
    });
  });
});
