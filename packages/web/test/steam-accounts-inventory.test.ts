import type { InventoryScan, SteamAccountRow } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import {
  applyAccountStatus,
  applyAccountStatusToPage,
} from '../src/features/steam-accounts/account-status-cache.ts';
import {
  lastScanAt,
  scanNotices,
  toMoneyUnits,
} from '../src/features/steam-accounts/inventory/inventory-rules.ts';

describe('least price as money units', () => {
  it('reads dots, commas and spaces, without float rounding, in the one money scale', () => {
    expect(toMoneyUnits('12.5', 'USD')).toBe(12_500);
    expect(toMoneyUnits(' 12,50 ', 'USD')).toBe(12_500);
    expect(toMoneyUnits('0.29', 'USD')).toBe(290);
    expect(toMoneyUnits('1 000', 'USD')).toBe(1_000_000);
    expect(toMoneyUnits('7', 'USD')).toBe(7_000);
    expect(toMoneyUnits('7.', 'USD')).toBe(7_000);
    expect(toMoneyUnits('1.234', 'USD')).toBe(1_234);
  });

  it('follows the currency digits', () => {
    expect(toMoneyUnits('150.25', 'RUB')).toBe(15_025);
    expect(toMoneyUnits('1.255', 'RUB')).toBeNull();
    expect(toMoneyUnits('1.2345', 'EUR')).toBeNull();
  });

  it('is no filter when empty and invalid when not an amount', () => {
    expect(toMoneyUnits('', 'USD')).toBeUndefined();
    expect(toMoneyUnits('   ', 'USD')).toBeUndefined();
    expect(toMoneyUnits('-1', 'USD')).toBeNull();
    expect(toMoneyUnits('abc', 'USD')).toBeNull();
    expect(toMoneyUnits('1e3', 'USD')).toBeNull();
  });
});

const scan = (
  game: InventoryScan['game'],
  state: InventoryScan['state'],
  extra: Partial<InventoryScan> = {},
) =>
  ({
    game,
    state,
    itemCount: state === 'listed' ? 3 : 0,
    totalCount: state === 'listed' ? 3 : 0,
    scannedAt: '2026-05-01T10:00:00.000Z',
    attemptedAt: '2026-05-01T10:00:00.000Z',
    errorReason: null,
    error: null,
    ...extra,
  }) satisfies InventoryScan;

describe('scan notices', () => {
  const scans = [
    scan('cs2', 'listed'),
    scan('dota2', 'empty'),
    scan('tf2', 'private'),
    scan('rust', 'failed', {
      errorReason: 'sessionRevoked',
      error: 'Steam session revoked: sign in again',
      itemCount: 4,
      attemptedAt: '2026-05-02T08:00:00.000Z',
    }),
  ];

  it('lists every scanned game that is not a plain listing, in game order', () => {
    expect(scanNotices(scans, undefined).map((n) => [n.games, n.kind])).toEqual([
      [['dota2'], 'empty'],
      [['tf2'], 'private'],
      [['rust'], 'failed'],
    ]);
  });

  it('keeps the failure text and the time of the items still shown', () => {
    expect(scanNotices(scans, 'rust')).toEqual([
      {
        games: ['rust'],
        kind: 'failed',
        error: 'Steam session revoked: sign in again',
        scannedAt: '2026-05-01T10:00:00.000Z',
        itemCount: 4,
      },
    ]);
  });

  it('says nothing for a listed game and "not scanned" for a chosen game never scanned', () => {
    expect(scanNotices(scans, 'cs2')).toEqual([]);
    expect(scanNotices(scans, 'community').map((n) => n.kind)).toEqual(['notScanned']);
    expect(scanNotices([], undefined)).toEqual([]);
  });

  it('says an account-level failure once for every game it failed', () => {
    const failed = (game: InventoryScan['game']) =>
      scan(game, 'failed', { errorReason: 'sessionRevoked', error: 'revoked', itemCount: 2 });
    const notices = scanNotices(
      [failed('cs2'), failed('tf2'), scan('dota2', 'empty'), failed('rust')],
      undefined,
    );
    expect(notices.map((n) => [n.games, n.kind, n.itemCount])).toEqual([
      [['cs2', 'tf2', 'rust'], 'failed', 6],
      [['dota2'], 'empty', 0],
    ]);
  });

  it('takes the latest attempt of the games shown', () => {
    expect(lastScanAt(scans, undefined)).toBe('2026-05-02T08:00:00.000Z');
    expect(lastScanAt(scans, 'cs2')).toBe('2026-05-01T10:00:00.000Z');
    expect(lastScanAt(scans, 'community')).toBeNull();
  });
});

describe('live account status', () => {
  const row = { id: 7, login: 'bot', accountStatus: 1, lastError: null } as unknown as SteamAccountRow;

  it('shows the reason in the interface language while in error, and clears it on recovery', () => {
    const failed = applyAccountStatus(
      row,
      { accountId: 7, accountStatus: 2, reason: 'sessionRevoked' },
      'ru',
    );
    expect(failed).toMatchObject({ accountStatus: 2, lastError: 'Сессия Steam отозвана: войдите заново' });
    const recovered = applyAccountStatus(failed, { accountId: 7, accountStatus: 1, reason: null }, 'en');
    expect(recovered).toMatchObject({ accountStatus: 1, lastError: null });
  });

  it('changes only the page holding the account', () => {
    const page = { items: [row], total: 1 };
    const event = { accountId: 7, accountStatus: 2 as const, reason: 'tradeBan' as const };
    expect(applyAccountStatusToPage(page, event, 'en')?.items[0]).toMatchObject({ lastError: 'Trade ban' });
    expect(applyAccountStatusToPage(page, { ...event, accountId: 8 }, 'en')).toBe(page);
    expect(applyAccountStatus(row, { accountId: 7, accountStatus: 1, reason: null }, 'en')).toBe(row);
  });
});
