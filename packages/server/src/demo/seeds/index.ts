/**
 * What the demo seeds so every trading screen opens alive: one small file per area, run in order (later areas use
 * the accounts and items of earlier ones). A new area adds its file and one line here.
 */
import type { DemoSeedContext } from './context.ts';
import { seedHarvester } from './harvester.ts';
import { seedLots } from './lots.ts';
import { seedPastSales } from './past-sales.ts';
import { seedPrices } from './prices.ts';
import { seedSellerAccounts } from './seller.ts';
import { seedTransfers } from './transfers.ts';

export type { DemoSeedContext } from './context.ts';
export { DEMO_TRADING_ACCOUNTS, seedTradingAccounts } from './trading-accounts.ts';

const SEEDS: ReadonlyArray<(ctx: DemoSeedContext) => Promise<void>> = [
  seedHarvester,
  seedSellerAccounts,
  seedPastSales,
  seedLots,
  seedPrices,
  seedTransfers,
];

export async function seedDemo(ctx: DemoSeedContext): Promise<void> {
  for (const seed of SEEDS) await seed(ctx);
}
