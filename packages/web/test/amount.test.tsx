import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Amount } from '../src/shared/money/amount.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

/** The text as read, with the narrow and no-break spaces of number formatting as plain ones. */
const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/[\u00a0\u202f]/g, ' ');
const title = (testId: string) => screen.getByTestId(testId).title.replace(/[\u00a0\u202f]/g, ' ');

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), {
    headers: { 'content-type': 'application/json' },
  });

const RATES = {
  source: 'sandbox',
  fetchedAt: '2026-11-26T10:00:00.000Z',
  ageSeconds: 5,
  stale: false,
  rates: [
    { from: 'USD', to: 'RUB', rate: '92.5', asOf: '2026-01-01T00:00:00.000Z' },
    { from: 'RUB', to: 'USD', rate: '0.0108', asOf: '2026-01-01T00:00:00.000Z' },
    { from: 'EUR', to: 'RUB', rate: '100.5', asOf: '2026-01-01T00:00:00.000Z' },
    { from: 'EUR', to: 'USD', rate: '1.087', asOf: '2026-01-01T00:00:00.000Z' },
  ],
};

/** The settings and rates the component reads, as the server answers them. */
function server(settings: { displayedCurrency: string; chosen: boolean }): typeof fetch {
  return async (input) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/settings') return envelope({ ...settings, tmPreferredCurrency: 'RUB' });
    if (path === '/api/rates') return envelope(RATES);
    return new Response('{}', { status: 404 });
  };
}

describe('<Amount>', () => {
  it('converts to the displayed currency at the server’s rate and says so, with the original in the title', async () => {
    renderWithServices(
      <Amount testId="a" money={{ currency: 'USD', amount: 10_000 }} />,
      server({ displayedCurrency: 'RUB', chosen: true }),
      'en',
    );
    await waitFor(() => expect(text('a')).toBe('≈RUB 925.00'));
    const shown = screen.getByTestId('a');
    expect(shown.dataset.converted).toBe('true');
    expect(title('a')).toBe('$10.00 at 92.5 as of 1/1/2026');
  });

  it('shows an amount already in the displayed currency as it is, not marked', async () => {
    renderWithServices(
      <Amount testId="a" money={{ currency: 'RUB', amount: 123_45 }} />,
      server({ displayedCurrency: 'RUB', chosen: true }),
      'ru',
    );
    await waitFor(() => expect(text('a')).toBe('123,45 ₽'));
    expect(screen.getByTestId('a').dataset.converted).toBeUndefined();
    expect(screen.getByTestId('a').title).toBe('');
  });

  it('follows the language until the user chooses: English USD', async () => {
    renderWithServices(
      <Amount testId="a" money={{ currency: 'RUB', amount: 1000_00 }} />,
      server({ displayedCurrency: 'RUB', chosen: false }),
      'en',
    );
    await waitFor(() => expect(text('a')).toBe('≈$10.80'));
  });

  it('adds amounts of several currencies after converting each, and shows a dash for none', async () => {
    renderWithServices(
      <>
        <Amount
          testId="sum"
          money={[
            { currency: 'RUB', amount: 100_00 },
            { currency: 'EUR', amount: 2_000 },
          ]}
        />
        <Amount testId="none" money={null} />
      </>,
      server({ displayedCurrency: 'RUB', chosen: true }),
      'ru',
    );
    // 100 ₽ + 2 € × 100.5 = 301 ₽
    await waitFor(() => expect(text('sum')).toBe('≈301,00 ₽'));
    expect(title('sum')).toContain('2,00 €');
    expect(screen.getByText('—')).toBeTruthy();
  });
});
