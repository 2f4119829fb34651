/** Revenue per day as the chart draws it: every day of the span present, days without sales at zero. */
import type { RevenueDay } from '@tradedeck/sdk/contract';
import type { Currency, Money } from '@tradedeck/sdk/domain';

export interface DayRevenue {
  /** The calendar day, YYYY-MM-DD (UTC). */
  day: string;
  revenue: Money;
}

const DAY_MS = 86_400_000;
/** A span longer than this is drawn as given, without filling. */
const MAX_FILLED_DAYS = 731;

const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days from the first to the last (or the given bounds), one entry each, in order. */
export function fillDays(
  days: readonly DayRevenue[],
  currency: Currency,
  bounds: { from?: string; to?: string } = {},
): DayRevenue[] {
  const byDay = new Map(days.map((item) => [item.day, item.revenue.amount]));
  const sorted = [...byDay.keys()].sort();
  const first = bounds.from ?? sorted[0];
  const last = bounds.to ?? sorted.at(-1);
  if (!first || !last) return [];
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  if (!(end >= start) || (end - start) / DAY_MS > MAX_FILLED_DAYS) {
    return sorted.map((day) => ({ day, revenue: { currency, amount: byDay.get(day) ?? 0 } }));
  }
  const filled: DayRevenue[] = [];
  for (let at = start; at <= end; at += DAY_MS) {
    const day = dayAt(at);
    filled.push({ day, revenue: { currency, amount: byDay.get(day) ?? 0 } });
  }
  return filled;
}

/**
 * The server's days in one currency for the chart: the displayed currency when every day could be converted,
 * else the first currency sold in (the other currencies then show in the totals only).
 */
export function chartDays(
  days: readonly RevenueDay[],
  displayed: Currency,
): { currency: Currency; days: DayRevenue[] } {
  if (days.every((item) => item.displayedRevenue !== null)) {
    return {
      currency: days[0]?.displayedRevenue?.currency ?? displayed,
      days: days.map((item) => ({ day: item.day, revenue: item.displayedRevenue as Money })),
    };
  }
  const currency = days.flatMap((item) => item.revenue)[0]?.currency ?? displayed;
  return {
    currency,
    days: days.map((item) => ({
      day: item.day,
      revenue: item.revenue.find((money) => money.currency === currency) ?? { currency, amount: 0 },
    })),
  };
}
