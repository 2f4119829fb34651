/**
 * The Pacing screen and the Steam rest column: a proxy resting after a limit is shown first with its rest, its
 * accounts and its budget share, an account's rest shows beside it, and a row without a rest shows a dash.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PacingState } from '@tradedeck/sdk/contract';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { PacingPage } from '../src/features/pacing/pacing-page.tsx';
import { RestingCell } from '../src/shared/pacing/resting-cell.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

const NOW = '2026-11-29T12:00:00.000Z';
const UNTIL = '2026-11-29T12:02:00.000Z';
const inventory = (over: Partial<PacingState['proxies'][number]['classes'][number]>) => ({
  class: 'inventory' as const,
  budgetPerMinute: 60,
  baseBudgetPerMinute: 60,
  requests: 10,
  limits: 0,
  restingUntil: null,
  reason: null,
  ...over,
});

const STATE: PacingState = {
  now: NOW,
  proxies: [
    {
      proxyId: 7,
      name: null,
      address: '10.0.0.7:8080',
      requests: 12,
      restingUntil: UNTIL,
      accounts: 3,
      budgetShare: 0.5,
      classes: [
        inventory({
          budgetPerMinute: 30,
          requests: 12,
          limits: 1,
          restingUntil: UNTIL,
          reason: 'inventory 429',
        }),
      ],
    },
    {
      proxyId: 8,
      name: 'busy',
      address: '10.0.0.8:8080',
      requests: 40,
      restingUntil: null,
      accounts: 9,
      budgetShare: 1,
      classes: [inventory({ requests: 40 })],
    },
  ],
  accounts: [
    {
      accountId: 5,
      login: 'trader_one',
      requests: 4,
      restingUntil: UNTIL,
      classes: [
        {
          class: 'confirmations',
          budgetPerMinute: 3,
          baseBudgetPerMinute: 6,
          requests: 4,
          limits: 1,
          restingUntil: UNTIL,
          reason: 'confirmations 429',
        },
      ],
    },
  ],
};

function pacingServer(state: PacingState = STATE): typeof fetch {
  return async (input) => {
    const url = new URL(String(input));
    const data = url.pathname === '/api/pacing' ? state : null;
    return new Response(JSON.stringify({ success: true, data, error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });

describe('Pacing screen', () => {
  it('lists the resting proxy first with its rest, accounts and budget share, and the accounts with theirs', async () => {
    renderWithServices(<PacingPage />, pacingServer(), 'en');
    const proxies = await screen.findByTestId('pacing-proxies');
    await within(proxies).findByText('10.0.0.7:8080');
    const rows = within(proxies).getAllByRole('row');
    // The header, then the resting proxy, then the busy one.
    const [, resting, busy] = rows;
    expect(resting?.textContent).toContain('10.0.0.7:8080');
    expect(resting?.textContent).toContain(`until ${clock(UNTIL)} (inventory 429)`);
    expect(resting?.textContent).toContain('50%');
    expect(resting?.textContent).toContain('inventory 30/60 · limits: 1');
    expect(busy?.textContent).toContain('busy');
    expect(busy?.textContent).toContain('—');
    const accounts = screen.getByTestId('pacing-accounts');
    expect(within(accounts).getByText('trader_one').closest('tr')?.textContent).toContain(
      `until ${clock(UNTIL)} (confirmations 429)`,
    );
  });
});

describe('Pacing screen before any Steam call', () => {
  it('shows the same one empty row across every column of both tables', async () => {
    renderWithServices(<PacingPage />, pacingServer({ now: NOW, proxies: [], accounts: [] }), 'en');
    for (const [id, columns] of [
      ['pacing-proxies', 6],
      ['pacing-accounts', 4],
    ] as const) {
      const table = await screen.findByTestId(id);
      const [, ...rows] = within(table).getAllByRole('row');
      expect(rows).toHaveLength(1);
      const cell = within(rows[0]!).getByRole('cell');
      expect(cell.textContent).toBe('No Steam calls yet');
      expect(cell.getAttribute('colspan')).toBe(String(columns));
      expect(within(table).getAllByRole('columnheader')).toHaveLength(columns);
    }
  });
});

describe('Steam rest cell', () => {
  const renderCell = (rest: { until: string; reason: string | null } | null, language: 'ru' | 'en') =>
    render(
      <I18nextProvider i18n={createI18n(language)}>
        <RestingCell rest={rest} />
      </I18nextProvider>,
    );

  it('shows when a row rests until and why, in the user’s language, and a dash when it does not', () => {
    renderCell({ until: UNTIL, reason: 'login eresult 84' }, 'ru');
    expect(screen.getByTestId('resting')?.textContent).toMatch(/^до .+ \(login eresult 84\)$/);
    cleanup();
    renderCell(null, 'en');
    expect(screen.queryByTestId('resting')).toBeNull();
    expect(screen.getByText('—')).toBeTruthy();
  });
});
