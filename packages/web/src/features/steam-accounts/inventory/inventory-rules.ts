/**
 * Pure rules of the Inventory tab: the typed least price as money units, what to say about each game's last
 * scan, and the time of the last scan.
 */
import type { InventoryScan } from '@tradedeck/sdk/contract';
import { type Currency, parseMoney, TRADE_GAME_KEYS, type TradeGame } from '@tradedeck/sdk/domain';

/**
 * A typed price ("12.5", "12,50", " 3 ") in integer units of the currency (`MONEY_SCALE`: USD in thousandths).
 * Empty text is no filter (undefined); anything that is not a non-negative amount with at most the currency's
 * digits is null. Parsed from the digits, never by multiplying a float.
 */
export function toMoneyUnits(text: string, currency: Currency): number | undefined | null {
  if (text.trim() === '') return undefined;
  return parseMoney(text, currency)?.amount ?? null;
}

export type ScanNoticeKind = 'empty' | 'private' | 'failed' | 'notScanned';

export interface ScanNotice {
  /** The games the notice is about: games whose scans ended the same way share one line. */
  games: TradeGame[];
  kind: ScanNoticeKind;
  /** The failure's text (failed scans). */
  error: string | null;
  /** When the cached items were read (failed scans keep the last good scan's items). */
  scannedAt: string | null;
  itemCount: number;
}

/**
 * What the tab says about the inventories shown: every game whose last scan is not a plain listing. With a game
 * chosen, that game only (and "not scanned" when it never was); for all games, the games scanned so far. An
 * account-level failure fails every game alike: such games share one line rather than repeat it five times.
 */
export function scanNotices(scans: readonly InventoryScan[], game: TradeGame | undefined): ScanNotice[] {
  const byGame = new Map(scans.map((scan) => [scan.game, scan]));
  const games = game ? [game] : TRADE_GAME_KEYS.filter((key) => byGame.has(key));
  const notices = new Map<string, ScanNotice>();
  for (const key of games) {
    const scan = byGame.get(key);
    if (scan?.state === 'listed') continue;
    const kind: ScanNoticeKind = scan ? scan.state : 'notScanned';
    const error = scan?.error ?? null;
    const scannedAt = kind === 'failed' ? (scan?.scannedAt ?? null) : null;
    const itemCount = scan?.itemCount ?? 0;
    // A batch scans its games a moment apart: the line names the oldest of their items' scans.
    const group = `${kind}|${error}|${itemCount > 0}`;
    const notice = notices.get(group);
    if (!notice) {
      notices.set(group, { games: [key], kind, error, scannedAt, itemCount });
      continue;
    }
    notice.games.push(key);
    notice.itemCount += itemCount;
    if (scannedAt && (!notice.scannedAt || Date.parse(scannedAt) < Date.parse(notice.scannedAt)))
      notice.scannedAt = scannedAt;
  }
  return [...notices.values()];
}

/** The latest attempt among the games shown (a game, or all), null when none was scanned. */
export function lastScanAt(scans: readonly InventoryScan[], game: TradeGame | undefined): string | null {
  let latest: string | null = null;
  for (const scan of scans) {
    if (game && scan.game !== game) continue;
    if (latest === null || Date.parse(scan.attemptedAt) > Date.parse(latest)) latest = scan.attemptedAt;
  }
  return latest;
}
