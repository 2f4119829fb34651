import type { HarvesterTransaction } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import { applyTransactionEvents } from '../src/features/harvester/cache-updates.ts';
import {
  parseOpenSessions,
  parseTab,
  stepTab,
  withoutSession,
} from '../src/features/harvester/session-tabs.ts';
import { toTransactionFilters, transactionRows } from '../src/features/harvester/transaction-rows.ts';

const row = (
  id: number,
  target: string,
  status: HarvesterTransaction['status'],
  updatedAt = '2026-11-26T10:00:00.000Z',
) =>
  ({
    id,
    sessionId: 1,
    target: { id: target.length, login: target },
    status,
    itemCount: id * 10,
    errorReason: null,
    updatedAt,
  }) as unknown as HarvesterTransaction;

describe('harvester tabs', () => {
  it('reads open tabs from the URL once each and steps through them with wrap-around', () => {
    const open = parseOpenSessions('5,x,7,5,-1');
    expect(open).toEqual([5, 7]);
    expect(parseTab('7', open)).toBe(7);
    expect(parseTab('9', open)).toBe('sessions');
    expect(stepTab(open, 'sessions', 1)).toBe('profiles');
    expect(stepTab(open, 7, 1)).toBe('sessions');
    expect(stepTab(open, 'sessions', -1)).toBe(7);
  });

  it('shows the left neighbour after closing the shown session tab', () => {
    expect(withoutSession([5, 7, 9], 7, 7)).toEqual({ open: [5, 9], tab: 5 });
    expect(withoutSession([5], 5, 5)).toEqual({ open: [], tab: 'sessions' });
    expect(withoutSession([5, 7], 'profiles', 5)).toEqual({ open: [7], tab: 'profiles' });
  });
});

describe('harvester transactions table', () => {
  it('groups the page by target, each group headed by its count and items', () => {
    const rows = transactionRows(
      [row(1, 'zeta', 'completed'), row(2, 'alpha', 'error'), row(3, 'zeta', 'trading')],
      true,
    );
    expect(rows.map((r) => (r.kind === 'group' ? `${r.target.login}:${r.count}:${r.items}` : r.id))).toEqual([
      'alpha:1:20',
      2,
      'zeta:2:40',
      1,
      3,
    ]);
  });

  it('reads "active" as every step and an account as either side', () => {
    expect(toTransactionFilters({ status: 'active', account: '4' })).toMatchObject({
      withStatus: [
        'preparing',
        'authentication',
        'inventory_scan',
        'trading',
        'confirmation',
        'accepting_trade',
        'target_confirmation',
        'verifying',
      ],
      accountIds: [4],
    });
    expect(toTransactionFilters({ status: 'bogus' }).withStatus).toEqual([]);
  });

  it('applies events to the rows it holds, never an older over a newer, and says when it misses some', () => {
    const page = {
      items: [row(1, 'a', 'trading', '2026-11-26T10:00:05.000Z')],
      total: 2,
      page: 1,
      pageSize: 50,
    };
    const events = new Map([
      [1, { ...row(1, 'a', 'error', '2026-11-26T10:00:06.000Z'), errorReason: 'tradeBan' }],
      [2, row(2, 'a', 'completed')],
    ]);
    const result = applyTransactionEvents(page, events as never, 'en');
    expect(result.missed).toBe(true);
    expect(result.page!.items[0]!.status).toBe('error');
    expect(result.page!.items[0]!.error).toBeTruthy();
    const stale = new Map([[1, row(1, 'a', 'preparing', '2026-11-26T10:00:01.000Z')]]);
    expect(applyTransactionEvents(page, stale as never, 'en').page).toBe(page);
  });
});
