import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AddSellerDialog } from '../src/features/p2p-accounts/add-seller-dialog.tsx';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';
import { installLayoutShims } from './helpers/layout-shims.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);
beforeAll(installLayoutShims);

const controls: ModalControls = {
  id: 1,
  close: () => {},
  dismiss: () => {},
  openChild: () => Promise.reject(new Error('no child')),
};

/** A server in the given mode that has no Steam accounts or proxies yet. */
function serverIn(mode: 'sandbox' | 'live'): typeof fetch {
  const answers: Record<string, unknown> = {
    '/api/system/status': {
      name: 'tradedeck',
      version: '0.1.0',
      mode,
      database: 'pglite',
      maintenance: { active: false, reason: null, estimatedCompletion: null },
      serverTime: new Date().toISOString(),
    },
    '/api/steam-accounts/query': { items: [], total: 0, page: 1, pageSize: 100 },
    '/api/proxies/query': { items: [], total: 0, page: 1, pageSize: 100 },
  };
  return async (input) => {
    const data = answers[new URL(String(input)).pathname];
    return data === undefined
      ? new Response('{}', { status: 404 })
      : new Response(JSON.stringify({ success: true, data, error: null }), {
          headers: { 'content-type': 'application/json' },
        });
  };
}

describe('the add-seller key hint', () => {
  it('names the sandbox market’s key in sandbox mode, not market.csgo.com', async () => {
    renderWithServices(
      <AddSellerDialog controls={controls} defaultCurrency="RUB" onAdded={() => {}} />,
      serverIn('sandbox'),
    );
    await waitFor(() =>
      expect(
        screen.getByText(
          'Песочница: ключ маркета песочницы — sandbox-tm-<логин Steam>; демо печатает ключи при запуске',
        ),
      ).toBeTruthy(),
    );
    expect(screen.queryByText(/market\.csgo\.com/)).toBeNull();
  });

  it('names market.csgo.com on a live server', async () => {
    renderWithServices(
      <AddSellerDialog controls={controls} defaultCurrency="RUB" onAdded={() => {}} />,
      serverIn('live'),
      'en',
    );
    await waitFor(() => expect(screen.getByText('The key from market.csgo.com → "API"')).toBeTruthy());
    expect(screen.queryByText(/sandbox-tm-/)).toBeNull();
  });
});
