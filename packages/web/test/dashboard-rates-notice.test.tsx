import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BalancesCard } from '../src/features/dashboard/dashboard-page.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), {
    headers: { 'content-type': 'application/json' },
  });

/** A server whose rates answer is the given state; every other call is not found. */
function ratesServer(rates: Record<string, unknown>): typeof fetch {
  return async (input) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/rates') return ok(rates);
    return new Response(
      JSON.stringify({ success: false, data: null, error: { message: 'nf', resultCode: 3 } }),
      {
        status: 404,
      },
    );
  };
}

describe('dashboard: the rates notice', () => {
  it('shows why amounts stay in their own currency when the rates source cannot be reached', async () => {
    renderWithServices(
      <BalancesCard />,
      ratesServer({
        source: 'live',
        rates: [],
        fetchedAt: null,
        ageSeconds: null,
        stale: false,
        unreachable: true,
        message: 'Источник курсов недоступен: суммы показаны в своей валюте',
      }),
    );
    const notice = await screen.findByTestId('rates-unreachable', {}, { timeout: 10_000 });
    expect(notice.textContent).toBe('Источник курсов недоступен: суммы показаны в своей валюте');
  });

  it('shows no notice while the rates are in', async () => {
    const services = renderWithServices(
      <BalancesCard />,
      ratesServer({
        source: 'sandbox',
        rates: [{ from: 'USD', to: 'RUB', rate: '90.5', asOf: new Date().toISOString() }],
        fetchedAt: new Date().toISOString(),
        ageSeconds: 0,
        stale: false,
        unreachable: false,
        message: null,
      }),
    );
    await waitFor(() => expect(services.queryClient.getQueryData(['rates.get'])).toBeTruthy(), {
      timeout: 10_000,
    });
    await screen.findByText('Не удалось получить счётчики');
    expect(screen.getByTestId('dashboard-balances')).toBeTruthy();
    expect(screen.queryByTestId('rates-unreachable')).toBeNull();
  });
});
