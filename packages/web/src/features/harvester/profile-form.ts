import type { HarvesterProfileInput } from '@tradedeck/sdk/contract';
import {
  type Currency,
  type DistributionMode,
  GIVE_BACK_TYPES,
  type GiveBackType,
  HARVESTER_PROFILE_NAME,
  type HarvesterGamesMode,
  type HarvesterProfile,
  harvesterProfileIssues,
  harvesterProfileMessages,
  MAX_HARVESTER_ITEMS,
  MONEY_DIGITS,
  type Money,
  moneyToDecimal,
  parseMoney,
  type TradeGame,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';

/**
 * The profile editor's fields as typed: amounts and counts stay text until saved, so a half-typed "12," is kept
 * as it is and checked only on save. One currency per give-back (threshold and limit share it, spec rule).
 */
export interface ProfileForm {
  name: string;
  gamesMode: HarvesterGamesMode;
  games: TradeGame[];
  tradingCards: boolean;
  emoticons: boolean;
  backgrounds: boolean;
  allowEmptyTrades: boolean;
  giveBackCurrency: Currency;
  itemValueThreshold: string;
  maxReturnItems: string;
  totalReturnValueLimit: string;
  priority: GiveBackType[];
  distribution: DistributionMode;
  /** Balanced cap only; empty = the even level. */
  capPerTarget: string;
  priceCurrency: Currency;
  /** Empty = no limit. */
  maxItemPrice: string;
  /** Empty = no limit. */
  maxItems: string;
}

export type ProfileField =
  | 'name'
  | 'games'
  | 'itemValueThreshold'
  | 'maxReturnItems'
  | 'totalReturnValueLimit'
  | 'capPerTarget'
  | 'maxItemPrice'
  | 'maxItems';

export function emptyProfileForm(currency: Currency): ProfileForm {
  return {
    name: '',
    gamesMode: 'all',
    games: [],
    tradingCards: true,
    emoticons: true,
    backgrounds: true,
    allowEmptyTrades: false,
    giveBackCurrency: currency,
    itemValueThreshold: '0',
    maxReturnItems: '0',
    totalReturnValueLimit: '0',
    priority: [...GIVE_BACK_TYPES],
    distribution: 'roundRobin',
    capPerTarget: '',
    priceCurrency: currency,
    maxItemPrice: '',
    maxItems: '',
  };
}

export function profileToForm(profile: HarvesterProfile): ProfileForm {
  const { giveBack } = profile;
  return {
    name: profile.name,
    gamesMode: profile.games.mode,
    games: [...profile.games.list],
    tradingCards: giveBack.tradingCards,
    emoticons: giveBack.emoticons,
    backgrounds: giveBack.backgrounds,
    allowEmptyTrades: giveBack.allowEmptyTrades,
    giveBackCurrency: giveBack.itemValueThreshold.currency,
    itemValueThreshold: moneyToDecimal(giveBack.itemValueThreshold),
    maxReturnItems: String(giveBack.maxReturnItems),
    totalReturnValueLimit: moneyToDecimal(giveBack.totalReturnValueLimit),
    priority: [...giveBack.itemTypePriority],
    distribution: profile.distribution.mode,
    capPerTarget: profile.distribution.capPerTarget === null ? '' : String(profile.distribution.capPerTarget),
    priceCurrency: profile.maxItemPrice?.currency ?? giveBack.itemValueThreshold.currency,
    maxItemPrice: profile.maxItemPrice ? moneyToDecimal(profile.maxItemPrice) : '',
    maxItems: profile.maxItems === null ? '' : String(profile.maxItems),
  };
}

/** A problem of one field: the text key of the editor (or the sdk's rule text) with its values. */
export type FieldError = { key: string; values?: Record<string, unknown> } | { text: string };

export type ProfileCheck =
  | { ok: true; input: HarvesterProfileInput }
  | { ok: false; errors: Partial<Record<ProfileField, FieldError>> };

function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/** Checks the form and builds the profile to send; every broken field is reported at once. */
export function checkProfileForm(form: ProfileForm, language: Language): ProfileCheck {
  const errors: Partial<Record<ProfileField, FieldError>> = {};
  const moneyError = (currency: Currency): FieldError => ({
    key: 'harvester.editor.errors.money',
    values: { digits: MONEY_DIGITS[currency] },
  });

  const name = form.name.trim();
  if (name.length < HARVESTER_PROFILE_NAME.min || name.length > HARVESTER_PROFILE_NAME.max) {
    errors.name = { key: 'harvester.editor.errors.name' };
  }
  const threshold = parseMoney(form.itemValueThreshold, form.giveBackCurrency);
  if (!threshold) errors.itemValueThreshold = moneyError(form.giveBackCurrency);
  const limit = parseMoney(form.totalReturnValueLimit, form.giveBackCurrency);
  if (!limit) errors.totalReturnValueLimit = moneyError(form.giveBackCurrency);
  const maxReturnItems = wholeNumber(form.maxReturnItems, 0, 255);
  if (maxReturnItems === null) errors.maxReturnItems = { key: 'harvester.editor.errors.countOrZero' };

  let maxItemPrice: Money | null = null;
  if (form.maxItemPrice.trim() !== '') {
    maxItemPrice = parseMoney(form.maxItemPrice, form.priceCurrency);
    if (!maxItemPrice) errors.maxItemPrice = moneyError(form.priceCurrency);
  }
  let maxItems: number | null = null;
  if (form.maxItems.trim() !== '') {
    maxItems = wholeNumber(form.maxItems, 1, MAX_HARVESTER_ITEMS);
    if (maxItems === null) errors.maxItems = { key: 'harvester.editor.errors.count' };
  }
  let capPerTarget: number | null = null;
  if (form.distribution === 'balancedCap' && form.capPerTarget.trim() !== '') {
    capPerTarget = wholeNumber(form.capPerTarget, 1, MAX_HARVESTER_ITEMS);
    if (capPerTarget === null) errors.capPerTarget = { key: 'harvester.editor.errors.count' };
  }

  const input: HarvesterProfileInput = {
    name,
    games: { mode: form.gamesMode, list: form.gamesMode === 'all' ? [] : [...new Set(form.games)] },
    giveBack: {
      tradingCards: form.tradingCards,
      emoticons: form.emoticons,
      backgrounds: form.backgrounds,
      allowEmptyTrades: form.allowEmptyTrades,
      itemValueThreshold: threshold ?? { currency: form.giveBackCurrency, amount: 0 },
      maxReturnItems: maxReturnItems ?? 0,
      totalReturnValueLimit: limit ?? { currency: form.giveBackCurrency, amount: 0 },
      itemTypePriority: [...form.priority],
    },
    distribution: { mode: form.distribution, capPerTarget },
    maxItemPrice,
    maxItems,
  };
  // The sdk's rules, shared with the server and the CLI ("Game profile": at least one game in a list mode).
  for (const issue of harvesterProfileIssues(input)) {
    const field: ProfileField = issue.field === 'games.list' ? 'games' : 'totalReturnValueLimit';
    errors[field] ??= { text: harvesterProfileMessages[language][issue.problem] };
  }
  return Object.keys(errors).length === 0 ? { ok: true, input } : { ok: false, errors };
}

/** The list with the item at `index` moved by `delta` places (kept in bounds). */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = Math.min(list.length - 1, Math.max(0, index + delta));
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}
