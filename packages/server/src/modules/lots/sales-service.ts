import type { contract, RevenueDay } from '@tradedeck/sdk/contract';
import { type Currency, type Money, moneyToDecimal } from '@tradedeck/sdk/domain';
import type { z } from 'zod';
import type { LotsShared } from './deps.ts';
import { moneyOf, toSaleRow } from './views.ts';

type Input<K extends keyof typeof contract.sales> = z.output<(typeof contract.sales)[K]['input']>;

const DAY_MS = 24 * 3600_000;
/** The longest period the revenue chart fills day by day. */
const MAX_CHART_DAYS = 3_660;

function addTo(sums: Map<string, number>, currency: string, amount: number) {
  sums.set(currency, (sums.get(currency) ?? 0) + amount);
}

function toMoneyList(sums: Map<string, number>): Money[] {
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => moneyOf(currency as Currency, amount));
}

/** Displayed only when every amount is already in one currency (no rate is guessed). */
function displayed(list: Money[]): Money | null {
  return list.length === 1 ? (list[0] as Money) : null;
}

/** One CSV field: quoted when it holds a separator, a quote or a line break. */
function csv(value: string): string {
  return /[",\n\r;]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export const SALES_CSV_HEADER = 'sold_at,item,game,platform,account,price,currency,hold_release_at,state';

/** Sales history: list, totals, revenue per day and the CSV export. */
export class SalesService {
  constructor(private readonly deps: LotsShared) {}

  async query(userId: string, input: Input<'query'>) {
    const { page, pageSize } = input.pages;
    const { rows, total } = await this.deps.repo.run(userId, (q) =>
      q.sales.page(input, input.sort, page, pageSize),
    );
    return { items: rows.map(toSaleRow), total, page, pageSize };
  }

  async totals(userId: string, input: Input<'totals'>) {
    const rows = await this.deps.repo.run(userId, (q) => q.sales.totals(input));
    const revenue = new Map<string, number>();
    const held = new Map<string, number>();
    let count = 0;
    for (const row of rows) {
      count += row.count;
      if (row.state === 'reversed') continue;
      addTo(revenue, row.currency, Number(row.sum));
      if (row.state === 'held') addTo(held, row.currency, Number(row.sum));
    }
    const revenueList = toMoneyList(revenue);
    return { count, revenue: revenueList, held: toMoneyList(held), displayedRevenue: displayed(revenueList) };
  }

  async revenueByDay(userId: string, input: Input<'revenueByDay'>) {
    const rows = await this.deps.repo.run(userId, (q) => q.sales.perDay(input));
    const byDay = new Map<string, { count: number; sums: Map<string, number> }>();
    for (const row of rows) {
      const day = byDay.get(row.day) ?? { count: 0, sums: new Map() };
      day.count += row.count;
      if (row.sum !== null) addTo(day.sums, row.currency, Number(row.sum));
      byDay.set(row.day, day);
    }
    const known = [...byDay.keys()].sort();
    const first = input.from ? input.from.slice(0, 10) : known[0];
    const last = input.to ? new Date(Date.parse(input.to) - 1).toISOString().slice(0, 10) : known.at(-1);
    const days: RevenueDay[] = [];
    if (!first || !last) return { days };
    for (let at = Date.parse(first), n = 0; at <= Date.parse(last) && n < MAX_CHART_DAYS; at += DAY_MS, n++) {
      const key = new Date(at).toISOString().slice(0, 10);
      const day = byDay.get(key);
      const revenue = day ? toMoneyList(day.sums) : [];
      days.push({ day: key, count: day?.count ?? 0, revenue, displayedRevenue: displayed(revenue) });
    }
    return { days };
  }

  /** The CSV lines, read in chunks so a long history streams without being held in memory. */
  async *exportLines(userId: string, input: Input<'export'>): AsyncIterable<string> {
    yield `${SALES_CSV_HEADER}\n`;
    for (let offset = 0; ; ) {
      const rows = await this.deps.repo.run(userId, (q) => q.sales.chunk(input, input.sort, offset));
      if (rows.length === 0) return;
      offset += rows.length;
      yield rows
        .map((row) =>
          [
            row.soldAt.toISOString(),
            row.marketHashName,
            row.game,
            row.platform,
            row.login,
            moneyToDecimal(moneyOf(row.currency as Currency, Number(row.price))),
            row.currency,
            row.holdReleaseAt?.toISOString() ?? '',
            row.state,
          ]
            .map(csv)
            .join(','),
        )
        .join('\n')
        .concat('\n');
    }
  }
}
