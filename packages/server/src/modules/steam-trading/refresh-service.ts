import { randomUUID } from 'node:crypto';
import { ResultCode, STEAM_TRADING_SOURCE } from '@tradedeck/sdk/contract';
import { TRADE_GAME_KEYS, type TradeGame } from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import type { TradingDeps } from './deps.ts';
import { INVENTORY_REFRESH_QUEUE, type InventoryRefreshJobData } from './inventory-job.ts';
import { tradingMessages } from './messages.ts';

/** Starts inventory refresh batches: fixes the selection and queues it as a job. */
export class RefreshService {
  constructor(private readonly deps: TradingDeps) {}

  async start(userId: string, input: { accountIds: number[]; games?: TradeGame[] | undefined }) {
    const wanted = [...new Set(input.accountIds)];
    const owned = await this.deps.accounts.ownedIds(userId, wanted);
    const missing = wanted.filter((id) => !owned.has(id));
    // Another user's account reads as unknown, never as forbidden.
    if (missing.length > 0) {
      throw new AppError({
        code: ResultCode.NotFound,
        text: tradingMessages.accountsNotFound,
        details: { ids: missing.slice(0, 100) },
      });
    }
    const batchId = randomUUID();
    const data: InventoryRefreshJobData = {
      userId,
      batchId,
      accountIds: wanted,
      games: input.games ? [...new Set(input.games)] : [...TRADE_GAME_KEYS],
      requestedAt: new Date(this.deps.now()).toISOString(),
    };
    await this.deps.jobs.send(INVENTORY_REFRESH_QUEUE, data, { id: batchId });
    return { batchId, total: wanted.length, sourceId: STEAM_TRADING_SOURCE };
  }
}
