import fc from 'fast-check';
import type { HarvesterSettings, HarvestItem, TradeGame } from '../../src/domain/index.ts';

const GAMES: TradeGame[] = ['cs2', 'dota2', 'tf2', 'rust', 'community'];
const COMMUNITY_TYPES = ['Steam Trading Card', 'Steam Emoticon', 'Steam Profile Background', 'Steam Gems'];

/** Items with unique asset ids; some without a price, some in another currency. */
export function itemsArb(maxLength = 300) {
  return fc
    .array(
      fc.record({
        game: fc.constantFrom(...GAMES),
        communityType: fc.constantFrom(...COMMUNITY_TYPES),
        price: fc.option(
          fc.record({
            currency: fc.constantFrom('USD' as const, 'EUR' as const),
            amount: fc.integer({ min: 0, max: 50_000 }),
          }),
          { freq: 6 },
        ),
      }),
      { maxLength },
    )
    .map((rows) => rows.map((row, i) => toItem(row, i)));
}

function toItem(
  row: { game: TradeGame; communityType: string; price: HarvestItem['price'] },
  i: number,
): HarvestItem {
  const community = row.game === 'community';
  return {
    appId: community ? 753 : 730,
    contextId: community ? '6' : '2',
    assetId: String(10_000 + i),
    amount: 1,
    classId: String(i % 17),
    game: row.game,
    type: community ? row.communityType : 'Rifle',
    name: `item ${i}`,
    price: row.price,
  };
}

const money = (max: number) =>
  fc.record({ currency: fc.constant('USD' as const), amount: fc.integer({ min: 0, max }) });

export const settingsArb: fc.Arbitrary<HarvesterSettings> = fc.record({
  games: fc.oneof(
    fc.constant({ mode: 'all' as const, list: [] as TradeGame[] }),
    fc.record({
      mode: fc.constantFrom('whitelist' as const, 'blacklist' as const),
      list: fc.uniqueArray(fc.constantFrom(...GAMES), { minLength: 1 }),
    }),
  ),
  giveBack: fc.record({
    tradingCards: fc.boolean(),
    emoticons: fc.boolean(),
    backgrounds: fc.boolean(),
    allowEmptyTrades: fc.boolean(),
    itemValueThreshold: money(60_000),
    maxReturnItems: fc.integer({ min: 0, max: 255 }),
    totalReturnValueLimit: money(500_000),
    itemTypePriority: fc.shuffledSubarray(['tradingCards', 'emoticons', 'backgrounds'] as const, {
      minLength: 3,
      maxLength: 3,
    }),
  }),
  distribution: fc.record({
    mode: fc.constantFrom('roundRobin' as const, 'balancedCap' as const, 'proportionalSpread' as const),
    capPerTarget: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
  }),
  maxItemPrice: fc.option(money(40_000), { nil: null }),
  maxItems: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
});
