/**
 * The ledger screen's filters as URL parameters (`from`, `to` as calendar days, `account`, `by`, `method`,
 * `series`) and their translation into the `ledger.*` inputs. The period is whole UTC days: `to` is included,
 * so the server's exclusive end is the next midnight.
 */
import { COST_METHOD_VALUES, LEDGER_GROUPS } from '@tradedeck/sdk/contract';
import { badPeriod, dayPeriod } from '../../shared/day-period.ts';

export { badPeriod };

export const FILTER_KEYS = ['from', 'to', 'account', 'by', 'method', 'series'] as const;
export const CHART_SERIES = ['revenue', 'profit', 'held'] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];
export type LedgerGroup = (typeof LEDGER_GROUPS)[number];
export type CostMethod = (typeof COST_METHOD_VALUES)[number];

/** The groupings drawn as a chart over time. */
export const PERIOD_GROUPS: readonly LedgerGroup[] = ['day', 'week', 'month'];

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
  const account = Number(filters.account);
  return { ...dayPeriod(filters), accountIds: Number.isSafeInteger(account) && account > 0 ? [account] : [] };
}
