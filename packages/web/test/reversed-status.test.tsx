import { cleanup, screen } from '@testing-library/react';
import type { SaleRow } from '@tradedeck/sdk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { TransactionStatusBadge } from '../src/features/harvester/status-badges.tsx';
import { saleColumns } from '../src/features/sales-history/sale-columns.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const noServer: typeof fetch = async () => {
  throw new Error('no server in this test');
};

const sale = (state: SaleRow['state'], id: number): SaleRow => ({
  id,
  itemId: `tm-${id}`,
  marketHashName: 'AK-47 | Slate (Field-Tested)',
  name: 'AK-47 | Slate',
  game: 'cs2',
  platform: 'tm',
  account: { id: 1, login: 'seller_1' },
  soldAt: '2026-11-27T10:00:00.000Z',
  price: { currency: 'RUB', amount: 12_345 },
  holdReleaseAt: null,
  state,
});

function States({ language }: { language: 'ru' | 'en' }) {
  const { t } = useTranslation();
  const column = saleColumns(t, language).find((entry) => entry.id === 'state')!;
  const cell = column.cell as (context: { row: { original: SaleRow } }) => ReactNode;
  return (
    <div data-testid="states">
      {(['held', 'settled', 'reversed'] as const).map((state, i) => (
        <div key={state}>{cell({ row: { original: sale(state, i + 1) } })}</div>
      ))}
    </div>
  );
}

const texts = () =>
  [...screen.getByTestId('states').querySelectorAll('[data-sale-state]')].map((node) => node.textContent);

describe('a reversed trade on screen', () => {
  it("shows the sale's status in sales history, the reversed one named as such, in both languages", () => {
    renderWithServices(<States language="ru" />, noServer);
    expect(texts()).toEqual(['На удержании', 'Зачислена', 'Отменена, обмен возвращён']);
    cleanup();
    renderWithServices(<States language="en" />, noServer, 'en');
    expect(texts()).toEqual(['On hold', 'Settled', 'Reversed: the trade was rolled back']);
  });

  it('shows a reversed harvester transaction as reversed by the sender', () => {
    renderWithServices(<TransactionStatusBadge status="reversed" />, noServer);
    expect(document.querySelector('[data-tx-status="reversed"]')?.textContent).toBe('Отменена отправителем');
    cleanup();
    renderWithServices(<TransactionStatusBadge status="reversed" />, noServer, 'en');
    expect(document.querySelector('[data-tx-status="reversed"]')?.textContent).toBe('Reversed by the sender');
  });
});
