/**
 * The confirmations centre shows what our own offer's items are worth: the total, and each item with its price,
 * the price's source and age, valued from the source picked on the screen; a confirmation Tradedeck did not create
 * shows its summary and no value.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConfirmationRow } from '@tradedeck/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmationsPage } from '../src/features/confirmations/confirmations-page.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const NOW = '2026-11-29T12:00:00.000Z';
const base = {
  accountId: 3,
  login: 'trader_one',
  kind: 'trade' as const,
  type: 2,
  headline: 'bob',
  createdAt: NOW,
  fetchedAt: NOW,
};
const OURS: ConfirmationRow = {
  ...base,
  id: '101',
  creatorId: '9001',
  offerId: '9001',
  ours: true,
  partner: '76561198000000001',
  items: ['AK-47 | Redline'],
  pricedItems: [
    {
      assetId: '8101',
      amount: 1,
      game: 'cs2',
      marketHashName: 'AK-47 | Redline (Field-Tested)',
      name: 'AK-47 | Redline (Field-Tested)',
      value: {
        source: 'custom',
        price: { currency: 'USD', amount: 12_340 },
        original: { currency: 'USD', amount: 12_340 },
        observedAt: NOW,
        ageSeconds: 7_200,
        stale: false,
        outlier: false,
        counted: true,
      },
    },
    { assetId: '8102', amount: 1, game: null, marketHashName: null, name: null, value: null },
  ],
  value: { currency: 'USD', amount: 12_340 },
};
const FOREIGN: ConfirmationRow = {
  ...base,
  id: '102',
  creatorId: '9002',
  offerId: '9002',
  ours: false,
  partner: 'bob',
  items: ['Clutch Case from the phone'],
  pricedItems: null,
  value: null,
};

/** The server: the list answers both rows and keeps every list body it was asked with. */
function centreServer(asked: Record<string, unknown>[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    let data: unknown = null;
    if (url.pathname === '/api/confirmations/query') {
      asked.push(JSON.parse(String(init?.body ?? '{}')));
      data = { items: [OURS, FOREIGN], failures: [] };
    }
    if (url.pathname === '/api/settings') data = { chosen: true, displayedCurrency: 'USD' };
    return new Response(JSON.stringify({ success: true, data, error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('the confirmations centre’s values', () => {
  it('prices our own offer’s items with source and age, and shows no value for a foreign one', async () => {
    renderWithServices(<ConfirmationsPage />, centreServer([]), 'en');
    const value = await screen.findByTestId('confirmation-value');
    expect(value.textContent).toContain('$12.34');
    const [priced, unknown] = within(value).getAllByTestId('confirmation-item');
    expect(priced!.textContent).toContain('AK-47 | Redline (Field-Tested)');
    expect(priced!.textContent).toContain('Custom price');
    expect(priced!.textContent).toContain('2 hr. ago');
    expect(unknown!.textContent).toBe('asset 8102 · no price');

    const foreign = rowOf('Clutch Case from the phone');
    expect(within(foreign).queryByTestId('confirmation-value')).toBeNull();
    expect(foreign.textContent).toContain('—');
  });

  it('asks the list with the price source picked on the screen and the displayed currency', async () => {
    const asked: Record<string, unknown>[] = [];
    renderWithServices(<ConfirmationsPage />, centreServer(asked), 'en');
    await screen.findByTestId('confirmation-value');
    fireEvent.change(screen.getByTestId('confirmations-source'), { target: { value: 'steam' } });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ source: 'steam', currency: 'USD' }));
  });
});
