import type { HarvesterSettings } from './schemas.ts';

/**
 * The simplest profile's settings: every game, round robin over the targets, no price or count limit, nothing
 * given back (the demo's profile and the benchmark's).
 */
export const HARVEST_EVERYTHING: HarvesterSettings = {
  games: { mode: 'all', list: [] },
  giveBack: {
    tradingCards: false,
    emoticons: false,
    backgrounds: false,
    allowEmptyTrades: false,
    itemValueThreshold: { currency: 'USD', amount: 0 },
    maxReturnItems: 0,
    totalReturnValueLimit: { currency: 'USD', amount: 0 },
    itemTypePriority: ['tradingCards', 'emoticons', 'backgrounds'],
  },
  distribution: { mode: 'roundRobin', capPerTarget: null },
  maxItemPrice: null,
  maxItems: null,
};
