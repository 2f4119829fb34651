/**
 * Money in the trading half: an integer amount of the currency's market minor unit beside its currency
 * (docs/trading-rules.md §2 rule 2). The scale is the marketplaces' own write unit (TM: RUB x100, USD and EUR
 * x1000), so a one-tick undercut of $0.001 is representable and nothing is rounded between the market and the
 * database. Conversion to text happens only at the edge (`formatMoney`), and user input is parsed without
 * floats (`parseMoney`).
 */
import { CURRENCIES } from '../constants.ts';

export type Currency = (typeof CURRENCIES)[number];

/** Units per major unit: RUB in kopecks, USD and EUR in thousandths (TM's units). */
export const MONEY_SCALE: Record<Currency, number> = { RUB: 100, USD: 1000, EUR: 1000 };

/** Digits after the point a currency's unit carries. */
export const MONEY_DIGITS: Record<Currency, number> = { RUB: 2, USD: 3, EUR: 3 };

/** An amount in the currency's minor units (`moneySchema` checks one received). */
export interface Money {
  currency: Currency;
  amount: number;
}

export function money(currency: Currency, amount: number): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money amount must be an integer, got ${amount}`);
  return { currency, amount };
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The smallest price step: one unit. */
export function tick(currency: Currency): Money {
  return { currency, amount: 1 };
}

/**
 * "12.5", "12,50", "1 234.567" as units of `currency`; null when it is not a plain non-negative decimal or has
 * more digits than the currency's unit. No floating point is involved.
 */
export function parseMoney(text: string, currency: Currency): Money | null {
  const cleaned = text
    .trim()
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const digits = MONEY_DIGITS[currency];
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const amount = Number(match[1]) * MONEY_SCALE[currency] + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(amount) ? { currency, amount } : null;
}

/**
 * Whether text the parser refuses is an amount with a minus sign ("-5", "−12,50"): a form then says the amount must
 * be more than 0 rather than that it is not a number.
 */
export function isNegativeMoneyText(text: string, currency: Currency): boolean {
  const match = /^\s*[-\u2212]\s*(.+)$/s.exec(text);
  return match !== null && parseMoney(match[1]!, currency) !== null;
}

/** Major units as a plain decimal string ("12.345", "-0.50"), for CSV and machine output. */
export function moneyToDecimal(value: Money): string {
  const digits = MONEY_DIGITS[value.currency];
  const sign = value.amount < 0 ? '-' : '';
  const abs = Math.abs(value.amount);
  const whole = Math.floor(abs / MONEY_SCALE[value.currency]);
  const fraction = String(abs % MONEY_SCALE[value.currency]).padStart(digits, '0');
  return `${sign}${whole}.${fraction}`;
}

/**
 * `{ USD, 12340 }` as "$12.34" (en) or "12,34 $" (ru); a third USD/EUR digit is shown only when it is not zero
 * ("$12.345").
 */
export function formatMoney(value: Money, locale: string): string {
  const digits = MONEY_DIGITS[value.currency];
  const major = value.amount / MONEY_SCALE[value.currency];
  const needed = value.amount % 10 !== 0 && digits === 3 ? 3 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: value.currency,
    minimumFractionDigits: needed,
    maximumFractionDigits: needed,
  }).format(major);
}

/** Sum of amounts of one currency; throws on a mix (convert first). */
export function sumMoney(currency: Currency, values: readonly Money[]): Money {
  let amount = 0;
  for (const value of values) {
    if (value.currency !== currency) throw new RangeError(`cannot add ${value.currency} to ${currency}`);
    amount += value.amount;
  }
  return { currency, amount };
}

/** A rate: how many units of `to` one major unit of `from` buys, as a decimal string from the rates source. */
export interface ExchangeRate {
  from: Currency;
  to: Currency;
  /** Major `to` per major `from`, e.g. "92.5" RUB per USD. */
  rate: string;
  /** When the source published it (ISO); a displayed converted amount says it is converted and how old. */
  asOf: string;
}

/** Converts at a rate, rounding half away from zero to the target unit. */
export function convertMoney(value: Money, rate: ExchangeRate): Money {
  if (value.currency !== rate.from)
    throw new RangeError(`rate is for ${rate.from}, amount is ${value.currency}`);
  if (rate.from === rate.to) return value;
  const major = (value.amount / MONEY_SCALE[rate.from]) * Number(rate.rate);
  const units = major * MONEY_SCALE[rate.to];
  return { currency: rate.to, amount: Math.sign(units) * Math.round(Math.abs(units)) };
}
