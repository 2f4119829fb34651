/**
 * TM's money on the wire (notes market.md §1.1). Writes are integer units of the account's currency (RUB x100,
 * USD and EUR x1000), which is exactly `Money.amount`. Reads differ by endpoint: `get-money` gives floats of major
 * units, `search-*` integer units. A float is read through its shortest decimal text (what TM sent), never
 * multiplied as a float, so 0.29 USD is 290 units and not 289.99999.
 */
import { type Currency, MONEY_DIGITS, MONEY_SCALE, type Money } from '@tradedeck/sdk/domain';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function decimalText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const text = String(value);
  // Exponent form only for very small or very large numbers: fixed digits are exact enough there.
  return /e/i.test(text) ? value.toFixed(MONEY_DIGITS.USD + 3) : text;
}

/** Major units ("123.45", 123.45) as units of `currency`, extra digits rounded half up; null when not a number. */
export function unitsFromMajor(value: unknown, currency: Currency): Money | null {
  const text = decimalText(value);
  const match = text === null ? null : DECIMAL.exec(text);
  if (!match) return null;
  const digits = MONEY_DIGITS[currency];
  const fraction = match[3] ?? '';
  const kept = Number(fraction.slice(0, digits).padEnd(digits, '0'));
  const roundUp = fraction.length > digits && Number(fraction[digits]) >= 5 ? 1 : 0;
  const amount = Number(match[2]) * MONEY_SCALE[currency] + kept + roundUp;
  if (!Number.isSafeInteger(amount)) return null;
  return { currency, amount: match[1] === '-' ? -amount : amount };
}

/** Integer units as TM's search and write endpoints give them ("1234", 1234); null when not an integer. */
export function unitsFromInteger(value: unknown, currency: Currency): Money | null {
  const amount = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof amount === 'number' && Number.isSafeInteger(amount) ? { currency, amount } : null;
}
