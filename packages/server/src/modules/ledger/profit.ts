/**
 * Profit reports (docs/ledger.md, Profit): sums per key and currency from the repository, one per figure,
 * converted to the displayed currency with one rates snapshot, then added. Revenue, cost and fees are summed in
 * their own currencies first, so each currency is converted once per line.
 */
import type { ProfitOutput, ProfitRow } from '@tradedeck/sdk/contract';
import { type Currency, convertMoney, type ExchangeRate, type Money } from '@tradedeck/sdk/domain';

/** One key's sums in one currency, as the repository adds them (cost and fees as they are written: negative). */
export interface SumRow {
  key: string;
  currency: string;
  revenue: string;
  held: string;
  cost: string;
  fees: string;
  realised: string;
  pending: string;
}

interface Line {
  revenue: number;
  cost: number;
  fees: number;
  realised: number;
  pending: number;
  held: number;
}

const empty = (): Line => ({ revenue: 0, cost: 0, fees: 0, realised: 0, pending: 0, held: 0 });

/** A converter to one currency; the rates it used are collected for the answer. */
export class Converter {
  readonly used = new Map<string, ExchangeRate>();

  constructor(
    readonly to: Currency,
    private readonly rates: readonly ExchangeRate[],
  ) {}

  /** Null when no rate is known for the pair. */
  convert(amount: number, from: string): number | null {
    if (from === this.to) return amount;
    const rate = this.rates.find((r) => r.from === from && r.to === this.to);
    if (!rate) return null;
    this.used.set(`${from}>${this.to}`, rate);
    return convertMoney({ currency: from as Currency, amount }, rate).amount;
  }

  money(amount: number): Money {
    return { currency: this.to, amount };
  }
}

/** The period key of a day: the day itself, its ISO week's Monday, or its month's first day. */
export function periodOf(day: string, by: 'day' | 'week' | 'month'): string {
  if (by === 'day') return day;
  if (by === 'month') return `${day.slice(0, 7)}-01`;
  const at = new Date(`${day}T00:00:00Z`);
  const back = (at.getUTCDay() + 6) % 7;
  return new Date(at.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** Adds the sums into lines per key in the displayed currency; a currency without a rate is left out and named. */
export function profitLines(
  sums: readonly SumRow[],
  converter: Converter,
  keyOf: (key: string) => string = (key) => key,
): { rows: ProfitRow[]; total: ProfitRow; unconverted: string[] } {
  const lines = new Map<string, Map<string, Line>>();
  for (const sum of sums) {
    const key = keyOf(sum.key);
    const perCurrency = lines.get(key) ?? new Map<string, Line>();
    const line = perCurrency.get(sum.currency) ?? empty();
    line.revenue += Number(sum.revenue);
    line.held += Number(sum.held);
    line.cost -= Number(sum.cost);
    line.fees -= Number(sum.fees);
    line.realised += Number(sum.realised);
    line.pending += Number(sum.pending);
    perCurrency.set(sum.currency, line);
    lines.set(key, perCurrency);
  }
  const unconverted = new Set<string>();
  const total = empty();
  const rows: ProfitRow[] = [];
  for (const key of [...lines.keys()].sort()) {
    const line = empty();
    for (const [currency, part] of lines.get(key)!) {
      for (const field of Object.keys(line) as (keyof Line)[]) {
        const value = converter.convert(part[field], currency);
        if (value === null) unconverted.add(currency);
        else line[field] += value;
      }
    }
    for (const field of Object.keys(total) as (keyof Line)[]) total[field] += line[field];
    rows.push(rowOf(key, line, converter));
  }
  return { rows, total: rowOf('total', total, converter), unconverted: [...unconverted] };
}

function rowOf(key: string, line: Line, converter: Converter): ProfitRow {
  return {
    key,
    revenue: converter.money(line.revenue),
    cost: converter.money(line.cost),
    fees: converter.money(line.fees),
    profit: converter.money(line.realised + line.pending),
    realised: converter.money(line.realised),
    pending: converter.money(line.pending),
    held: converter.money(line.held),
  };
}

export type ProfitAnswer = ProfitOutput;
