import type { DemoSeedContext } from './context.ts';
import { marketAccountOf, percentOf, unlistedItems } from './market-items.ts';

const DAY_MS = 24 * 3600_000;
/** Four weeks of sales: older CS2 sales have left their 7-day hold, the last week's are still held. */
const SALE_DAYS = 28;
/** 2,500 RUB: the dearest item the demo's past sales include. */
const EVERYDAY_PRICE_LIMIT = 250_000;
/** Sales on day `d` of seller `s`: 0 to 3, so the revenue chart has bars of several heights and a few gaps. */
const salesOnDay = (day: number, seller: number) => (day * 7 + seller * 3) % 4;

/**
 * The weeks of sales the sellers made on the market before the demo started: each sale is listed, bought and
 * delivered on the simulated market at its own past time (`pastSale`); the lots sync then reads them from the
 * market's history as it would from TM, with their hold release dates.
 */
export async function seedPastSales({ market, accounts, now }: DemoSeedContext): Promise<void> {
  const start = now();
  for (const [index, seller] of accounts.sellers.entries()) {
    const account = marketAccountOf(market, seller);
    const items = unlistedItems(market, account, start);
    // Every third item of an everyday price, so the sellers keep most of each kind for their lots and no single
    // rare skin dwarfs the other days' bars.
    const forSale = items.filter(
      (item, i) => i % 3 === index % 3 && item.reference.amount <= EVERYDAY_PRICE_LIMIT,
    );
    let next = 0;
    for (let day = SALE_DAYS - 1; day >= 0; day--) {
      for (let sale = 0; sale < salesOnDay(day, index) && next < forSale.length; sale++) {
        const item = forSale[next++]!;
        const soldAt = start - day * DAY_MS - (2 + sale * 3 + index) * 3600_000;
        market.pastSale(
          account,
          item.asset,
          item.game,
          percentOf(item.reference, 96 + ((next * 5) % 9)),
          soldAt - 6 * 3600_000,
          soldAt,
        );
      }
    }
  }
  // Holds older than 7 days are released, as the market would have done by now.
  market.advance(start);
}
