import { type contract, hubEvents, ResultCode, STEAM_TRADING_SOURCE } from '@tradedeck/sdk/contract';
import { ACCOUNT_ERROR_REASONS, type TradeGame } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { ScannedInventory, TradeFailure, TradeResult } from '../../integrations/steam/index.ts';
import type { TradingDeps } from './deps.ts';
import { toInventoryItem, toScanPayload, toScanView } from './inventory-view.ts';
import { tradingMessages } from './messages.ts';
import type { TradeSessions } from './sessions.ts';
import type { ScanOutcome, ScanRow } from './types.ts';

type InventoryInput = z.output<typeof contract.steamTrading.inventory.input>;

/** How a scan is announced: its batch, and the batch's progress counted as the scans are stored. */
export interface ScanAnnounce {
  batchId: string;
  total: number;
  /** Runs `write` (the account's scans and event, one transaction) with the batch's count once it is stored. */
  store<T>(write: (done: number) => Promise<T>): Promise<T>;
}

/** The inventory cache: scans through the port stored per game, and the cached items read back with filters. */
export class InventoryService {
  constructor(
    private readonly deps: TradingDeps,
    private readonly sessions: TradeSessions,
  ) {}

  async query(userId: string, input: InventoryInput, lang: Language) {
    const owned = await this.deps.accounts.ownedIds(userId, [input.id]);
    if (!owned.has(input.id))
      throw new AppError({ code: ResultCode.NotFound, text: tradingMessages.accountNotFound });
    const { page, pageSize } = input.pages;
    const { scans, listed } = await this.deps.repo.run(userId, async (q) => ({
      scans: await q.scans(input.id),
      listed: await q.itemsPage(
        input.id,
        {
          game: input.game,
          tradableOnly: input.tradableOnly,
          searchString: input.searchString,
          minPrice: input.minPrice,
        },
        input.sort,
        page,
        pageSize,
      ),
    }));
    return {
      items: listed.items.map(toInventoryItem),
      total: listed.total,
      page,
      pageSize,
      scans: scans.map((row) => toScanView(row, lang)),
      value: listed.value,
    };
  }

  /**
   * Scans the account's inventories of `games` and stores them with the `InventoryScanned` event in one
   * transaction (a stored scan is always an announced one). Null when the account is gone. After a failure that
   * concerns the account itself (a revoked session), the other games are not asked for.
   */
  async scanAccount(
    userId: string,
    accountId: number,
    games: readonly TradeGame[],
    announce: ScanAnnounce,
  ): Promise<ScanRow[] | null> {
    const outcomes: [TradeGame, ScanOutcome][] = [];
    let accountFailure: TradeFailure | null = null;
    for (const game of games) {
      const at = new Date(this.deps.now());
      if (accountFailure) {
        outcomes.push([game, { state: 'failed', errorReason: accountFailure.reason, at }]);
        continue;
      }
      let scanned: TradeResult<{ inventory: ScannedInventory }>;
      try {
        scanned = await this.sessions.run(userId, accountId, (s) => s.inventory(game));
      } catch (error) {
        // Deleted during the batch, or without a SteamID: nothing to scan or to tell.
        if (error instanceof AppError) return null;
        throw error;
      }
      if (scanned.ok) {
        const { state, items, totalCount } = scanned.inventory;
        outcomes.push([game, { state, items, totalCount, at }]);
      } else if (scanned.reason === 'inventoryPrivate') {
        outcomes.push([game, { state: 'private', items: [], totalCount: 0, at }]);
      } else {
        outcomes.push([game, { state: 'failed', errorReason: scanned.reason, at }]);
        if (ACCOUNT_ERROR_REASONS.has(scanned.reason)) accountFailure = scanned;
      }
    }
    return announce.store((done) =>
      this.deps.repo.run(userId, async (q, tx) => {
        const rows: ScanRow[] = [];
        for (const [game, outcome] of outcomes) {
          rows.push(await q.saveScan(accountId, game, outcome));
          // Only a read inventory says what the account holds: a private or failed one tells nothing.
          if (outcome.state !== 'listed' && outcome.state !== 'empty') continue;
          const scan = { userId, accountId, game, items: outcome.items, at: outcome.at };
          for (const listener of this.deps.scanListeners) await listener(scan, tx);
        }
        await this.deps.eventLog.append(
          userId,
          hubEvents.inventoryScanned,
          STEAM_TRADING_SOURCE,
          {
            batchId: announce.batchId,
            accountId,
            scans: rows.map(toScanPayload),
            done,
            total: announce.total,
          },
          tx,
        );
        return rows;
      }),
    );
  }
}
