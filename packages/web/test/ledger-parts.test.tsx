import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ProfitRow } from '@tradedeck/sdk/contract';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ChartSeries,
  groupOf,
  methodOf,
  nextSeries,
  toLedgerPeriod,
} from '../src/features/ledger/ledger-filters.ts';
import { ProfitChart } from '../src/features/ledger/profit-chart.tsx';
import { sortProfitRows } from '../src/features/ledger/profit-columns.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const noServer: typeof fetch = async () => {
  throw new Error('no server in this test');
};

const usd = (amount: number) => ({ currency: 'USD' as const, amount });
function line(key: string, revenue: number, profit: number, held: number): ProfitRow {
  return {
    key,
    revenue: usd(revenue),
    cost: usd(revenue - profit),
    fees: usd(0),
    profit: usd(profit),
    realised: usd(profit - held),
    pending: usd(held),
    held: usd(held),
  };
}

describe('ledger filters', () => {
  it('reads whole UTC days with the last one included, and leaves out a reversed period', () => {
    expect(toLedgerPeriod({ from: '2026-11-01', to: '2026-11-30', account: '7' })).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      accountIds: [7],
    });
    expect(toLedgerPeriod({ from: '2026-11-30', to: '2026-11-01' })).toEqual({ accountIds: [] });
    expect(toLedgerPeriod({ account: 'x', from: 'yesterday' })).toEqual({ accountIds: [] });
  });

  it('groups by day and costs FIFO unless the URL names another known choice', () => {
    expect([groupOf({}), groupOf({ by: 'month' }), groupOf({ by: 'year' })]).toEqual(['day', 'month', 'day']);
    expect([methodOf({}), methodOf({ method: 'average' }), methodOf({ method: 'lifo' })]).toEqual([
      'fifo',
      'average',
      'fifo',
    ]);
    expect([nextSeries('revenue'), nextSeries('profit'), nextSeries('held')]).toEqual([
      'profit',
      'held',
      'revenue',
    ]);
  });
});

describe('profit table order', () => {
  const rows = [
    line('AK-47', 5_000, -1_000, 0),
    line('AWP', 9_000, 4_000, 9_000),
    line('Glock', 2_000, 500, 0),
  ];

  it('keeps the server order without a sort, and sorts by an amount or by the key when asked', () => {
    expect(sortProfitRows(rows, []).map((row) => row.key)).toEqual(['AK-47', 'AWP', 'Glock']);
    expect(
      sortProfitRows(rows, [{ propertyName: 'profit', isDescending: true }]).map((row) => row.key),
    ).toEqual(['AWP', 'Glock', 'AK-47']);
    expect(
      sortProfitRows(rows, [{ propertyName: 'held', isDescending: false }]).map((row) => row.key),
    ).toEqual(['AK-47', 'Glock', 'AWP']);
    expect(sortProfitRows(rows, [{ propertyName: 'key', isDescending: true }]).map((row) => row.key)).toEqual(
      ['Glock', 'AWP', 'AK-47'],
    );
  });
});

const days = [line('2026-11-02', 10_000, 3_000, 0), line('2026-11-01', 4_000, 1_000, 4_000)];

function Switchable() {
  const [series, setSeries] = useState<ChartSeries>('revenue');
  return <ProfitChart rows={days} currency="USD" series={series} onSeries={setSeries} />;
}

describe('profit chart', () => {
  it('draws the periods oldest first and switches between revenue, profit and held when a series is chosen', () => {
    renderWithServices(<Switchable />, noServer, 'en');
    const titles = () =>
      [...screen.getByTestId('ledger-chart').querySelectorAll('title')].map((title) => title.textContent);
    expect(titles()).toEqual(['2026-11-01: $4.00', '2026-11-02: $10.00']);

    const profit = screen.getByRole('radio', { name: 'Profit' });
    fireEvent.click(profit);
    expect((profit as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('img', { name: 'Chart: Profit' })).toBeTruthy();
    expect(titles()).toEqual(['2026-11-01: $1.00', '2026-11-02: $3.00']);

    fireEvent.click(screen.getByRole('radio', { name: 'Held' }));
    expect(titles()).toEqual(['2026-11-01: $4.00', '2026-11-02: $0.00']);
  });

  it('names its series in Russian too', () => {
    renderWithServices(<Switchable />, noServer, 'ru');
    expect((screen.getByRole('radio', { name: 'Выручка' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('img', { name: 'График: Выручка' })).toBeTruthy();
  });
});
