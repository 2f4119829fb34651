import type { LotRow } from '@tradedeck/sdk/contract';
import { moneyToDecimal, type TradeGame } from '@tradedeck/sdk/domain';
import type { DemoSeedContext } from './context.ts';
import { DEMO_CURRENCY, percentOf } from './market-items.ts';

const DAY_MS = 24 * 3600_000;
/** Items of the price profile with a custom price. */
const CUSTOM_PRICED = 6;
/** Earlier prices per item and source over the last four weeks. */
const HISTORY_POINTS = 12;
const HISTORY_DAYS = 27;

/**
 * The price profile: custom prices for some listed items, imported as `name;price` lines like a user pastes them,
 * and four weeks of earlier custom and provider prices behind them (backdated: the demo has no past of its own).
 */
export async function seedPrices({ api, backdatePrices, now }: DemoSeedContext): Promise<void> {
  const listed = await api<{ items: LotRow[] }>('POST', '/api/p2p/lots/query', {
    withStatus: ['on_sale'],
    pages: { page: 1, pageSize: 100 },
  });
  const picked = new Map<string, LotRow>();
  for (const lot of listed.items) {
    if (lot.price && !picked.has(lot.marketHashName)) picked.set(lot.marketHashName, lot);
  }
  const items = [...picked.values()].slice(0, CUSTOM_PRICED);
  const byGame = new Map<TradeGame, LotRow[]>();
  for (const lot of items) byGame.set(lot.game, [...(byGame.get(lot.game) ?? []), lot]);
  for (const [game, lots] of byGame) {
    await api('POST', '/api/p2p/prices/import', {
      game,
      currency: DEMO_CURRENCY,
      text: lots.map((lot) => `${lot.marketHashName};${moneyToDecimal(lot.price!)}`).join('\n'),
    });
  }

  const start = now();
  const points = items.flatMap((lot, index) =>
    Array.from({ length: HISTORY_POINTS }, (_, step) => {
      const at = new Date(start - ((HISTORY_POINTS - step) * HISTORY_DAYS * DAY_MS) / HISTORY_POINTS);
      // A slow wave around today's price, each item in its own phase.
      const percent = 100 + Math.round(8 * Math.sin((step + index * 2) / 2));
      const price = percentOf(lot.price!, percent);
      return (['custom', 'provider'] as const).map((source) => ({
        game: lot.game,
        marketHashName: lot.marketHashName,
        source,
        currency: price.currency,
        amount: source === 'custom' ? price.amount : percentOf(price, 97).amount,
        at,
      }));
    }).flat(),
  );
  await backdatePrices(points);
}
