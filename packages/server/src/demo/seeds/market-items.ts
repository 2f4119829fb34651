import type { Money, TradeGame } from '@tradedeck/sdk/domain';
import {
  convertAtSandboxRate,
  type SandboxMarket,
  type SandboxMarketAccount,
  sandboxMarketKey,
} from '../../integrations/market/index.ts';
import type { SandboxAsset } from '../../integrations/steam/sandbox/trading/sandbox-inventories.ts';
import type { DemoAccount } from './context.ts';

/** The demo's sellers trade in roubles (their P2P accounts are opened in RUB). */
export const DEMO_CURRENCY = 'RUB';

export interface DemoItem {
  asset: SandboxAsset;
  game: TradeGame;
  marketHashName: string;
  /** The item's sandbox reference price in the sellers' currency. */
  reference: Money;
}

/** A demo seller's account on the simulated market. */
export function marketAccountOf(market: SandboxMarket, seller: DemoAccount): SandboxMarketAccount {
  const account = market.account(sandboxMarketKey(seller.login), DEMO_CURRENCY);
  if (!account) throw new Error(`the sandbox market has no account for ${seller.login}`);
  return account;
}

/** The seller's tradable items not listed yet that have a reference price, in a stable order. */
export function unlistedItems(market: SandboxMarket, account: SandboxMarketAccount, now: number): DemoItem[] {
  const listed = market.listedAssets(account);
  const items: DemoItem[] = [];
  for (const { asset, game } of market.steamItems(account, now)) {
    if (listed.has(asset.assetId)) continue;
    const item = market.world.trading.inventories.toItem(asset, now);
    if (!item.referencePrice || item.referencePrice.amount <= 0) continue;
    items.push({
      asset,
      game,
      marketHashName: item.marketHashName,
      reference: convertAtSandboxRate({ currency: 'USD', amount: item.referencePrice.amount }, DEMO_CURRENCY),
    });
  }
  return items.sort((a, b) => a.asset.assetId.localeCompare(b.asset.assetId));
}

/** `percent` of an amount, rounded to the unit. */
export function percentOf(amount: Money, percent: number): Money {
  return { currency: amount.currency, amount: Math.max(1, Math.round((amount.amount * percent) / 100)) };
}
