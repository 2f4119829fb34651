/**
 * The lots screen's markets: a chip per market filters the lots (the `market` URL parameter becomes the server's
 * `platforms` filter), and each lot shows the market it is listed on beside its account.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { LotRow } from '@tradedeck/sdk/contract';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lotColumns } from '../src/features/lots/lot-columns.tsx';
import { LotFilterBar } from '../src/features/lots/lot-filter-bar.tsx';
import { toLotFilters } from '../src/features/lots/lot-filters.ts';
import { saleColumns } from '../src/features/sales-history/sale-columns.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

const noServer: typeof fetch = async () => {
  throw new Error('no server in this test');
};

describe('lots by market', () => {
  it('turns the market parameter into the platforms filter, ignoring an unknown market', () => {
    expect(toLotFilters({ market: 'waxpeer' }).platforms).toEqual(['waxpeer']);
    expect(toLotFilters({ market: 'tm', status: 'on_sale' })).toMatchObject({
      platforms: ['tm'],
      withStatus: ['on_sale'],
    });
    expect(toLotFilters({ market: 'steam' }).platforms).toEqual([]);
    expect(toLotFilters({}).platforms).toEqual([]);
  });

  it('shows one chip per market plus all, pressed for the chosen one, and sets the filter on a click', () => {
    const set: [string, string | null][] = [];
    renderWithServices(
      <LotFilterBar filters={{ market: 'tm' }} setFilter={(key, value) => set.push([key, value])} />,
      noServer,
      'en',
    );
    const chips = screen.getAllByTestId('market-chip');
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute('aria-pressed')])).toEqual([
      ['All markets', 'false'],
      ['TM', 'true'],
      ['Waxpeer', 'false'],
    ]);
    fireEvent.click(chips[2]!);
    fireEvent.click(chips[0]!);
    expect(set).toEqual([
      ['market', 'waxpeer'],
      ['market', null],
    ]);
  });

  it('shows each lot’s market beside its account', () => {
    const i18n = createI18n('en');
    const account = lotColumns(i18n.t, 'en', () => {}).find((column) => column.id === 'account')!;
    const cell = account.cell as (context: { row: { original: unknown } }) => ReactNode;
    const lot = (platform: LotRow['platform'], login: string) =>
      ({ kind: 'lot', lot: { platform, account: { id: 1, login } } }) as unknown;
    render(
      <>
        {cell({ row: { original: lot('waxpeer', 'seller_one') } })}
        {cell({ row: { original: lot('tm', 'seller_two') } })}
      </>,
    );
    expect(
      screen.getAllByTestId('lot-market').map((chip) => [chip.getAttribute('data-market'), chip.textContent]),
    ).toEqual([
      ['waxpeer', 'Waxpeer'],
      ['tm', 'TM'],
    ]);
  });

  it('shows each sale’s market as the same chip on the sales screen', () => {
    const i18n = createI18n('ru');
    const platform = saleColumns(i18n.t, 'ru').find((column) => column.id === 'platform')!;
    const cell = platform.cell as (context: { row: { original: unknown } }) => ReactNode;
    render(
      <>
        {cell({ row: { original: { platform: 'waxpeer' } } })}
        {cell({ row: { original: { platform: 'tm' } } })}
      </>,
    );
    expect(
      screen
        .getAllByTestId('sale-market')
        .map((chip) => [chip.getAttribute('data-market'), chip.textContent]),
    ).toEqual([
      ['waxpeer', 'Waxpeer'],
      ['tm', 'TM'],
    ]);
  });
});
