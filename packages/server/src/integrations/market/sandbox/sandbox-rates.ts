/**
 * The sandbox market's conversion rates: a fixed table (the "day's rate" of a money transfer between accounts of
 * different currencies), offline, so transfers convert the same way on every run.
 */
import { type Currency, convertMoney, type ExchangeRate, type Money } from '@tradedeck/sdk/domain';

/** Major units of `to` per major unit of `from`. */
export const SANDBOX_RATES: Readonly<Record<Currency, Readonly<Record<Currency, string>>>> = {
  USD: { USD: '1', EUR: '0.92', RUB: '92.5' },
  EUR: { USD: '1.087', EUR: '1', RUB: '100.5' },
  RUB: { USD: '0.0108', EUR: '0.00995', RUB: '1' },
};

/** When the table's rates were "published". */
export const SANDBOX_RATES_AS_OF = '2026-01-01T00:00:00.000Z';

export function sandboxRate(from: Currency, to: Currency): ExchangeRate {
  return { from, to, rate: SANDBOX_RATES[from][to], asOf: SANDBOX_RATES_AS_OF };
}

export function convertAtSandboxRate(value: Money, to: Currency): Money {
  return convertMoney(value, sandboxRate(value.currency, to));
}
