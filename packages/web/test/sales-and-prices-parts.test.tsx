import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PriceRow } from '@tradedeck/sdk/contract';
import type { Currency } from '@tradedeck/sdk/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { type ImportOutcome, PasteDialog } from '../src/features/price-profile/paste-dialog.tsx';
import { exteriorOf, priceColumns } from '../src/features/price-profile/price-columns.tsx';
import { RevenueChart } from '../src/features/sales-history/revenue-chart.tsx';
import { fillDays } from '../src/features/sales-history/revenue-days.ts';
import { barHeight, MIN_BAR_HEIGHT, niceCeiling } from '../src/shared/charts/series-chart.tsx';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const noServer: typeof fetch = async () => {
  throw new Error('no server in this test');
};

describe('revenue per day chart', () => {
  const days = [
    { day: '2026-11-20', revenue: { currency: 'USD' as const, amount: 12_500 } },
    { day: '2026-11-23', revenue: { currency: 'USD' as const, amount: 40_000 } },
  ];

  it('fills the days without sales with zero, within the period when one is given', () => {
    expect(fillDays(days, 'USD').map((item) => [item.day, item.revenue.amount])).toEqual([
      ['2026-11-20', 12_500],
      ['2026-11-21', 0],
      ['2026-11-22', 0],
      ['2026-11-23', 40_000],
    ]);
    expect(fillDays(days, 'USD', { from: '2026-11-19', to: '2026-11-24' })).toHaveLength(6);
    expect(fillDays([], 'USD')).toEqual([]);
  });

  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(40_000)).toBe(50_000);
    expect(niceCeiling(12_500)).toBe(20_000);
    expect(niceCeiling(100)).toBe(100);
    expect(niceCeiling(0)).toBe(1);
  });

  it('draws one bar per day, the highest day tallest, with the amounts in the currency', () => {
    renderWithServices(<RevenueChart days={days} currency="USD" />, noServer, 'en');
    const chart = screen.getByRole('img', { name: 'Revenue per day' });
    expect(chart.getAttribute('data-points')).toBe('4');
    const bars = [...chart.querySelectorAll('rect')];
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[1]).toBe(0);
    expect(heights[3]).toBeGreaterThan(heights[0]!);
    expect([...chart.querySelectorAll('title')].map((title) => title.textContent)).toContain(
      'Nov 23: $40.00',
    );
  });

  it('leaves the y axis room for its longest label, so large amounts are not cut off', () => {
    const large = [{ day: '2026-11-20', revenue: { currency: 'RUB' as const, amount: 9_000_000 } }];
    renderWithServices(<RevenueChart days={large} currency="RUB" />, noServer);
    const chart = screen.getByRole('img', { name: 'Выручка по дням' });
    const labels = [...chart.querySelectorAll('text[text-anchor="end"]')];
    const longest = Math.max(...labels.map((label) => label.textContent!.length));
    expect(longest).toBeGreaterThanOrEqual('100 000,00 ₽'.length);
    // Each label ends 6 units before the plot and needs about 6 units a character.
    const labelEnd = Number(labels[0]!.getAttribute('x'));
    expect(labelEnd).toBeGreaterThanOrEqual(longest * 6);
    expect(Number(chart.querySelector('line')!.getAttribute('x1'))).toBe(labelEnd + 6);
  });

  it('shows a day with tiny revenue beside a big one as a thin bar, and a day without sales as none', () => {
    const uneven = [
      { day: '2026-11-20', revenue: { currency: 'USD' as const, amount: 1 } },
      { day: '2026-11-22', revenue: { currency: 'USD' as const, amount: 90_000_000 } },
    ];
    renderWithServices(<RevenueChart days={uneven} currency="USD" />, noServer, 'en');
    const chart = screen.getByRole('img', { name: 'Revenue per day' });
    const bars = [...chart.querySelectorAll('rect')].map((bar) => ({
      y: Number(bar.getAttribute('y')),
      height: Number(bar.getAttribute('height')),
    }));
    expect(bars.map((bar) => bar.height)).toEqual([MIN_BAR_HEIGHT, 0, expect.any(Number)]);
    expect(bars[2]!.height).toBeGreaterThan(100);
    // Every bar stands on the axis.
    expect(new Set(bars.map((bar) => bar.y + bar.height)).size).toBe(1);
    expect(barHeight(0, 100, 168)).toBe(0);
    expect(barHeight(-5, 100, 168)).toBe(0);
    expect(barHeight(0.001, 100, 168)).toBe(MIN_BAR_HEIGHT);
    expect(barHeight(100, 100, 168)).toBe(168);
  });

  it('says there is nothing to draw without sales', () => {
    renderWithServices(<RevenueChart days={[]} currency="RUB" />, noServer);
    expect(screen.getByTestId('revenue-chart').textContent).toBe('Нет продаж — нечего рисовать');
  });
});

describe('price profile rows', () => {
  it('name the exterior the shown name leaves out, so one item in two exteriors reads as two', () => {
    expect(exteriorOf({ name: 'AK-47 | Slate', marketHashName: 'AK-47 | Slate (Field-Tested)' })).toBe(
      'Field-Tested',
    );
    expect(exteriorOf({ name: 'Clutch Case', marketHashName: 'Clutch Case' })).toBeNull();
  });
});

const providerRow: PriceRow = {
  id: 1,
  marketHashName: 'AK-47 | Slate (Field-Tested)',
  name: 'AK-47 | Slate',
  game: 'cs2',
  customPrice: null,
  customUpdatedAt: null,
  providers: [
    {
      source: 'provider',
      price: { currency: 'RUB', amount: 45_325 },
      observedAt: '2026-11-27T10:00:00.000Z',
      ageMs: 60_000,
      stale: false,
    },
    {
      source: 'median',
      price: { currency: 'RUB', amount: 44_000 },
      observedAt: '2026-11-25T10:00:00.000Z',
      ageMs: 3 * 24 * 3_600_000,
      stale: true,
    },
  ],
  lotsCount: 6,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

function ProvidersCell() {
  const { t } = useTranslation();
  const column = priceColumns(t, 'ru').find((entry) => entry.id === 'providers')!;
  const cell = column.cell as (context: { row: { original: PriceRow } }) => ReactNode;
  return <div data-testid="providers">{cell({ row: { original: providerRow } })}</div>;
}

describe('price profile provider prices', () => {
  it("names each price's source in the user's language, with its age, the stale one marked", () => {
    renderWithServices(<ProvidersCell />, noServer);
    const prices = [...screen.getByTestId('providers').querySelectorAll('[data-stale]')];
    expect(prices.map((price) => price.textContent?.replace(/\s/g, ' '))).toEqual([
      'Провайдер: 453,25 ₽ · 1 мин',
      'Медиана: 440,00 ₽ · 3 дн.',
    ]);
    expect(prices.map((price) => price.getAttribute('data-stale'))).toEqual(['false', 'true']);
  });
});

describe('price profile paste', () => {
  function open(answer: ImportOutcome) {
    const imports: Array<{ text: string; currency: Currency }> = [];
    const closed: unknown[] = [];
    const controls: ModalControls = {
      id: 1,
      close: (result) => closed.push(result),
      dismiss: () => {},
      openChild: () => Promise.reject(new Error('no child')),
    };
    renderWithServices(
      <PasteDialog
        controls={controls}
        defaultCurrency="RUB"
        importPrices={async (text, currency) => {
          imports.push({ text, currency });
          return answer;
        }}
      />,
      noServer,
    );
    const text = screen.getByLabelText('Строки «название;цена», по одной на предмет');
    const importButton = screen.getByRole('button', { name: 'Импортировать' });
    return { imports, closed, text, importButton };
  }

  it('lists every bad line with its number and reason and refuses to import until they are fixed', async () => {
    const { text, importButton, imports } = open({ imported: 0, failed: [] });
    fireEvent.change(text, { target: { value: 'AK-47;12.5\nno price here\nAWP;-1\nak-47;13' } });
    await waitFor(() => expect(screen.getAllByTestId('paste-issue')).toHaveLength(3));
    expect(screen.getAllByTestId('paste-issue').map((item) => item.textContent)).toEqual([
      'Строка 2: Нет «;» между названием и ценойno price here',
      'Строка 3: Цена не может быть отрицательнойAWP;-1',
      'Строка 4: Предмет уже указан в строке 1ak-47;13',
    ]);
    expect(screen.getByText('3 строки с ошибкой — исправьте их перед импортом')).toBeTruthy();
    expect(importButton).toHaveProperty('disabled', true);
    fireEvent.click(importButton);
    expect(imports).toEqual([]);
  });

  it('imports the lines in the chosen currency and closes when every price was saved', async () => {
    const { text, importButton, imports, closed } = open({ imported: 2, failed: [] });
    fireEvent.change(screen.getByLabelText('Валюта'), { target: { value: 'USD' } });
    fireEvent.change(text, { target: { value: 'AK-47;12.5\n\nAWP;0.125' } });
    await waitFor(() =>
      expect(screen.getByTestId('paste-ready').textContent).toBe('Готовы к импорту 2 строки'),
    );
    fireEvent.click(importButton);
    await waitFor(() => expect(closed).toHaveLength(1));
    expect(imports).toEqual([{ currency: 'USD', text: 'AK-47;12.5\n\nAWP;0.125' }]);
  });

  it('keeps the dialog open with the items the server did not save', async () => {
    const { text, importButton, closed } = open({
      imported: 1,
      failed: [{ line: 2, name: 'AWP', message: 'Неизвестный предмет' }],
    });
    fireEvent.change(text, { target: { value: 'AK-47;12.5\nAWP;3' } });
    await waitFor(() => expect(importButton).toHaveProperty('disabled', false));
    fireEvent.click(importButton);
    const outcome = await screen.findByTestId('paste-outcome');
    expect(outcome.textContent).toContain('Сохранено цен: 1 из 2');
    expect(outcome.textContent).toContain('Строка 2: AWP — Неизвестный предмет');
    expect(closed).toEqual([]);
  });
});
