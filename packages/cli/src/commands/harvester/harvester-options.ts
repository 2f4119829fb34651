import type { HarvesterProfileInput } from '@tradedeck/sdk/contract';
import {
  CURRENCIES,
  type Currency,
  DISTRIBUTION_MODES,
  type DistributionMode,
  GIVE_BACK_TYPES,
  type GiveBackType,
  HARVESTER_TRANSACTION_STATUSES,
  type HarvesterTransactionStatus,
  isActiveTransactionStatus,
  MAX_HARVESTER_ITEMS,
  type Money,
  moneyToDecimal,
  parseMoney,
  TRADE_GAME_KEYS,
  type TradeGame,
} from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import { usage } from '../../kit/command-helpers.ts';

/** Options of `profiles add|edit`, as typed. */
export interface ProfileOptions {
  name?: string;
  games?: string;
  giveBack?: string;
  allowEmpty?: boolean;
  threshold?: string;
  returnItems?: string;
  returnLimit?: string;
  currency?: string;
  priority?: string;
  distribution?: string;
  cap?: string;
  maxPrice?: string;
  maxItems?: string;
}

/** The words of the command line for give-back types: `cards` is shorter to type than `tradingCards`. */
const TYPE_WORDS: Readonly<Record<string, GiveBackType>> = {
  cards: 'tradingCards',
  tradingcards: 'tradingCards',
  emoticons: 'emoticons',
  backgrounds: 'backgrounds',
};
const DISTRIBUTION_WORDS: Readonly<Record<string, DistributionMode>> = {
  'round-robin': 'roundRobin',
  'balanced-cap': 'balancedCap',
  proportional: 'proportionalSpread',
};

const words = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);

function currencyOf(ctx: CommandContext, value: string | undefined, fallback: Currency): Currency {
  if (value === undefined) return fallback;
  const code = value.trim().toUpperCase();
  if (!(CURRENCIES as readonly string[]).includes(code)) usage(ctx, 'badCurrency', { value });
  return code as Currency;
}

function amount(ctx: CommandContext, option: string, value: string, currency: Currency): Money {
  const money = parseMoney(value, currency);
  if (!money) usage(ctx, 'badAmount', { option, currency, value });
  return money;
}

function count(ctx: CommandContext, option: string, value: string, min: number, max: number): number {
  const number = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || number < min || number > max) usage(ctx, 'badCount', { option, value });
  return number;
}

/** A profile with the given options applied over `base` (a new profile's defaults, or the stored one). */
export function applyProfileOptions(
  ctx: CommandContext,
  base: HarvesterProfileInput,
  options: ProfileOptions,
): HarvesterProfileInput {
  const next: HarvesterProfileInput = structuredClone(base);
  if (options.name !== undefined) next.name = options.name.trim();
  if (options.games !== undefined) next.games = games(ctx, options.games);
  const giveBack = next.giveBack;
  if (options.giveBack !== undefined) {
    const chosen = words(options.giveBack);
    const types = chosen.includes('none') ? [] : chosen.map((word) => TYPE_WORDS[word]);
    if (types.some((type) => type === undefined)) usage(ctx, 'badGiveBack', { value: options.giveBack });
    for (const type of GIVE_BACK_TYPES) giveBack[type] = types.includes(type);
  }
  if (options.allowEmpty !== undefined) giveBack.allowEmptyTrades = options.allowEmpty;
  const currency = currencyOf(ctx, options.currency, giveBack.itemValueThreshold.currency);
  if (options.currency !== undefined || options.threshold !== undefined) {
    giveBack.itemValueThreshold = amount(
      ctx,
      '--threshold',
      options.threshold ?? moneyToDecimal(giveBack.itemValueThreshold),
      currency,
    );
  }
  if (options.currency !== undefined || options.returnLimit !== undefined) {
    giveBack.totalReturnValueLimit = amount(
      ctx,
      '--return-limit',
      options.returnLimit ?? moneyToDecimal(giveBack.totalReturnValueLimit),
      currency,
    );
  }
  if (options.returnItems !== undefined)
    giveBack.maxReturnItems = count(ctx, '--return-items', options.returnItems, 0, 255);
  if (options.priority !== undefined) {
    const order = words(options.priority).map((word) => TYPE_WORDS[word]);
    if (
      order.length !== GIVE_BACK_TYPES.length ||
      new Set(order).size !== order.length ||
      order.includes(undefined)
    ) {
      usage(ctx, 'badPriority', { value: options.priority });
    }
    giveBack.itemTypePriority = order as GiveBackType[];
  }
  if (options.distribution !== undefined) {
    const mode = DISTRIBUTION_WORDS[options.distribution.trim().toLowerCase()];
    if (!mode || !(DISTRIBUTION_MODES as readonly string[]).includes(mode)) {
      usage(ctx, 'badDistribution', { value: options.distribution });
    }
    next.distribution = {
      mode,
      capPerTarget: mode === 'balancedCap' ? next.distribution.capPerTarget : null,
    };
  }
  if (options.cap !== undefined) {
    next.distribution.capPerTarget = isNone(options.cap)
      ? null
      : count(ctx, '--cap', options.cap, 1, MAX_HARVESTER_ITEMS);
  }
  if (options.maxPrice !== undefined) {
    next.maxItemPrice = isNone(options.maxPrice)
      ? null
      : amount(ctx, '--max-price', options.maxPrice, currency);
  }
  if (options.maxItems !== undefined) {
    next.maxItems = isNone(options.maxItems)
      ? null
      : count(ctx, '--max-items', options.maxItems, 1, MAX_HARVESTER_ITEMS);
  }
  return next;
}

const isNone = (value: string) => ['none', ''].includes(value.trim().toLowerCase());

function games(ctx: CommandContext, value: string): HarvesterProfileInput['games'] {
  const text = value.trim().toLowerCase();
  if (text === 'all') return { mode: 'all', list: [] };
  const match = /^(whitelist|blacklist):(.*)$/.exec(text);
  if (!match) usage(ctx, 'badGames', { value });
  const list = words(match[2]!);
  if (list.some((game) => !(TRADE_GAME_KEYS as readonly string[]).includes(game)))
    usage(ctx, 'badGames', { value });
  return { mode: match[1] as 'whitelist' | 'blacklist', list: [...new Set(list)] as TradeGame[] };
}

/** A new profile's settings before options: every game, all give-back types, nothing given back, round robin. */
export function newProfileBase(name: string, currency: Currency): HarvesterProfileInput {
  return {
    name,
    games: { mode: 'all', list: [] },
    giveBack: {
      tradingCards: true,
      emoticons: true,
      backgrounds: true,
      allowEmptyTrades: false,
      itemValueThreshold: { currency, amount: 0 },
      maxReturnItems: 0,
      totalReturnValueLimit: { currency, amount: 0 },
      itemTypePriority: [...GIVE_BACK_TYPES],
    },
    distribution: { mode: 'roundRobin', capPerTarget: null },
    maxItemPrice: null,
    maxItems: null,
  };
}

/** `--status error --status active` as the operation's status filter (`active` = every step). */
export function transactionStatuses(
  ctx: CommandContext,
  values: readonly string[],
): HarvesterTransactionStatus[] {
  const statuses = new Set<HarvesterTransactionStatus>();
  for (const value of values.flatMap(words)) {
    if (value === 'active') {
      for (const status of HARVESTER_TRANSACTION_STATUSES)
        if (isActiveTransactionStatus(status)) statuses.add(status);
    } else if ((HARVESTER_TRANSACTION_STATUSES as readonly string[]).includes(value)) {
      statuses.add(value as HarvesterTransactionStatus);
    } else {
      usage(ctx, 'badTxStatus', { value, known: HARVESTER_TRANSACTION_STATUSES.join(', ') });
    }
  }
  return [...statuses];
}
