/**
 * Amounts shown in the currency the user reads: the default per language, and conversion at the edge with the
 * server's rates (a converted amount is marked as such by whoever shows it).
 */
import type { Language } from '../../i18n/messages.ts';
import { type Currency, convertMoney, type ExchangeRate, type Money } from './money.ts';

/** Until the user chooses, English shows USD and Russian RUB (docs/product-trading.md §9). */
export const DEFAULT_CURRENCY_BY_LANGUAGE: Readonly<Record<Language, Currency>> = { en: 'USD', ru: 'RUB' };

export function defaultCurrencyOf(language: Language): Currency {
  return DEFAULT_CURRENCY_BY_LANGUAGE[language];
}

/** An amount as it is shown: the value in the displayed currency and, when converted, the original and rate. */
export interface DisplayedMoney {
  value: Money;
  /** Null when the amount is already in the displayed currency. */
  original: Money | null;
  rate: ExchangeRate | null;
}

/**
 * `value` in `to`, through the rate table (`rates` finds the rate of a pair); the original itself when it is
 * already in `to` or when no rate is known (then it is shown unconverted, in its own currency).
 */
export function toDisplayed(
  value: Money,
  to: Currency,
  rates: (from: Currency, to: Currency) => ExchangeRate | null,
): DisplayedMoney {
  if (value.currency === to) return { value, original: null, rate: null };
  const rate = rates(value.currency, to);
  if (!rate) return { value, original: null, rate: null };
  return { value: convertMoney(value, rate), original: value, rate };
}
