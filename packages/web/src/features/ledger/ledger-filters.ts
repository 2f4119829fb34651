/**
 * The ledger screen's filters as URL parameters (`from`, `to` as calendar days, `account`, `by`, `method`,
 * `series`) and their translation into the `ledger.*` inputs. The period is whole UTC days: `to` is included,
 * so the server's exclusive end is the next midnight.
 */
import { COST_METHOD_VALUES, LEDGER_GROUPS } from '@tradedeck/sdk/contract';

export const FILTER_KEYS = ['from', 'to', 'account', 'by', 'method', 'series'] as const;
export const CHART_SERIES = ['revenue', 'profit', 'held'] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];
export type LedgerGroup = (typeof LEDGER_GROUPS)[number];
export type CostMethod = (typeof COST_METHOD_VALUES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** The groupings drawn as a chart over time. */
export const PERIOD_GROUPS: readonly LedgerGroup[] = ['day', 'week', 'month'];

export function badPeriod(filters: Record<string, string>): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

export function groupOf(filters: Record<string, string>): LedgerGroup {
  return LEDGER_GROUPS.find((group) => group === filters.by) ?? 'day';
}

export function methodOf(filters: Record<string, string>): CostMethod {
  return COST_METHOD_VALUES.find((method) => method === filters.method) ?? 'fifo';
}

export function seriesOf(filters: Record<string, string>): ChartSeries {
  return CHART_SERIES.find((series) => series === filters.series) ?? 'revenue';
}

/** The series after `current`, round: the chart's keyboard switch. */
export function nextSeries(current: ChartSeries): ChartSeries {
  return CHART_SERIES[(CHART_SERIES.indexOf(current) + 1) % CHART_SERIES.length]!;
}

/** The period and account of `ledger.profit` and `ledger.export`; a reversed period is left out, not sent. */
export function toLedgerPeriod(filters: Record<string, string>): {
  from?: string;
  to?: string;
  accountIds: number[];
} {
  const from = filters.from && DAY.test(filters.from) ? `${filters.from}T00:00:00.000Z` : undefined;
  const toDay = filters.to && DAY.test(filters.to) ? Date.parse(`${filters.to}T00:00:00Z`) : Number.NaN;
  const to = Number.isNaN(toDay) ? undefined : new Date(toDay + DAY_MS).toISOString();
  const account = Number(filters.account);
  const period = badPeriod(filters) ? {} : { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return { ...period, accountIds: Number.isSafeInteger(account) && account > 0 ? [account] : [] };
}
