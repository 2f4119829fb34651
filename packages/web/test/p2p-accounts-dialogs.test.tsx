import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AddSellerDialog } from '../src/features/p2p-accounts/add-seller-dialog.tsx';
import { BulkDialog } from '../src/features/p2p-accounts/bulk-dialog.tsx';
import { runBulk } from '../src/features/p2p-accounts/bulk-run.ts';
import { PlatformBadge } from '../src/features/p2p-accounts/seller-badges.tsx';
import { SellerDetails } from '../src/features/p2p-accounts/seller-view-dialog.tsx';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';
import { installLayoutShims } from './helpers/layout-shims.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);
beforeAll(installLayoutShims);

type Handler = (body: Record<string, unknown>) => unknown;

/** A server answering the operations the dialogs call, recording every request body. */
function sellerServer(routes: Record<string, Handler>) {
  const requests: Array<{ method: string; path: string; body: Record<string, unknown> | null }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    requests.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      return new Response(
        JSON.stringify({ success: false, data: null, error: { message: 'nf', resultCode: 3 } }),
        {
          status: 404,
        },
      );
    }
    return new Response(JSON.stringify({ success: true, data: route(body ?? {}), error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    fetchImpl,
    requests,
    bodiesOf: (path: string) => requests.filter((r) => r.path === path).map((r) => r.body),
  };
}

function recordingControls() {
  const closed: unknown[] = [];
  const controls: ModalControls = {
    id: 1,
    close: (result) => closed.push(result),
    dismiss: () => {},
    openChild: () => Promise.reject(new Error('no child')),
  };
  return { controls, closed };
}

const now = new Date().toISOString();
const sellerRow = (id: number, login: string) => ({
  id,
  steamAccountId: 40 + id,
  login,
  steamId: `7656119800000000${id}`,
  status: 'running' as const,
  platforms: [{ platform: 'tm', status: 'online', updatedAt: now, reason: null, detail: null }],
  ordersCount: 3,
  activeDeliveries: 0,
  proxyId: null,
  proxy: null,
  currency: 'RUB',
  balances: { available: { currency: 'RUB', amount: 123450 }, onHold: null, updatedAt: now },
  modules: ['tradingBot'],
  apiKeyMasked: '••••wxyz',
  hasPaymentPassword: true,
  lastPingAt: now,
  createdAt: now,
});

const steamAccounts = {
  items: [
    { id: 41, login: 'seller_one', steamId: '76561198000000001' },
    { id: 42, login: 'no_steam_id', steamId: null },
  ].map((account) => ({
    ...account,
    accountStatus: 1,
    lastError: null,
    avatarUri: null,
    proxyId: null,
    proxy: null,
    tags: [],
    lastLoginAt: null,
    createdAt: now,
  })),
  total: 2,
  page: 1,
  pageSize: 25,
};

describe('add seller account dialog', () => {
  it('shows the spec checks under the fields and sends only a valid form', async () => {
    const server = sellerServer({
      'POST /api/steam-accounts/query': () => steamAccounts,
      'POST /api/proxies/query': () => ({ items: [], total: 0, page: 1, pageSize: 100 }),
      'POST /api/p2p/accounts': () => sellerRow(1, 'seller_one'),
    });
    const { controls, closed } = recordingControls();
    renderWithServices(
      <AddSellerDialog controls={controls} defaultCurrency="RUB" onAdded={() => {}} />,
      server.fetchImpl,
    );
    const add = screen.getByRole('button', { name: 'Добавить' });
    // Nothing is said before the user leaves a field or presses Add…
    expect(screen.queryAllByTestId('field-error')).toHaveLength(0);
    fireEvent.click(add);
    // …then every missing field says so, and the form as a whole too.
    expect(screen.getAllByTestId('field-error').map((node) => node.textContent)).toEqual([
      'Это поле обязательно',
      'Это поле обязательно',
      'Это поле обязательно',
    ]);
    expect(screen.getByTestId('form-alert').textContent).toBe('Проверьте все поля');

    const key = screen.getByLabelText('API-ключ маркета');
    const password = screen.getByLabelText('Платёжный пароль');
    fireEvent.change(key, { target: { value: 'short-key' } });
    fireEvent.change(password, { target: { value: '12345' } });
    expect(screen.getByText('API-ключ — минимум 10 символов')).toBeTruthy();
    expect(screen.getByText('Платёжный пароль — минимум 6 символов')).toBeTruthy();
    expect(key.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(add);
    expect(server.bodiesOf('/api/p2p/accounts')).toHaveLength(0);

    // Accounts without a SteamID cannot sell: they are not offered.
    const picker = screen.getByLabelText('Аккаунт Steam');
    await waitFor(() => expect(within(picker).getByText(/seller_one/)).toBeTruthy());
    expect(within(picker).queryByText(/no_steam_id/)).toBeNull();
    fireEvent.change(picker, { target: { value: '41' } });
    fireEvent.change(key, { target: { value: '  abcdefghij  ' } });
    fireEvent.change(password, { target: { value: '123456' } });
    expect(screen.queryAllByTestId('field-error')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('Сканер рынка'));
    fireEvent.click(add);
    await waitFor(() => expect(closed).toHaveLength(1));
    // The key is trimmed, the Steam account's proxy is the default (no proxyId sent).
    expect(server.bodiesOf('/api/p2p/accounts')).toEqual([
      {
        steamAccountId: 41,
        apiKey: 'abcdefghij',
        paymentPassword: '123456',
        modules: ['tradingBot', 'marketScanner'],
        tmCurrency: 'RUB',
      },
    ]);
  });

  it('finds a stored proxy by typing, among thousands, and sends its id', async () => {
    const proxyRow = (id: number, address: string) => ({
      id,
      identity: { address, port: 8080, protocol: 1, login: null },
      proxyName: id === 7 ? 'fast' : null,
    });
    const server = sellerServer({
      'POST /api/steam-accounts/query': () => steamAccounts,
      'POST /api/proxies/query': (body) =>
        body.searchString === '10.4'
          ? { items: [proxyRow(7, '10.4.0.7')], total: 1, page: 1, pageSize: 25 }
          : { items: [proxyRow(9, '10.9.0.9')], total: 4_000, page: 1, pageSize: 25 },
      'POST /api/p2p/accounts': () => sellerRow(1, 'seller_one'),
    });
    const { controls, closed } = recordingControls();
    renderWithServices(
      <AddSellerDialog controls={controls} defaultCurrency="USD" onAdded={() => {}} />,
      server.fetchImpl,
      'en',
    );
    const picker = screen.getByLabelText('Steam account');
    await waitFor(() => expect(within(picker).getByText(/seller_one/)).toBeTruthy());
    fireEvent.change(picker, { target: { value: '41' } });
    fireEvent.change(screen.getByLabelText('Market API key'), { target: { value: 'abcdefghij' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '123456' } });
    // The proxy kind is a short select; the proxy itself is searched, not scrolled.
    expect(screen.queryByLabelText('Find a proxy: address, port, login or name')).toBeNull();
    fireEvent.change(screen.getByLabelText('Proxy'), { target: { value: 'stored' } });
    const search = screen.getByLabelText('Find a proxy: address, port, login or name');
    fireEvent.focus(search);
    await waitFor(() => expect(screen.getByTestId('picker-more').textContent).toContain('3999 more'));
    fireEvent.change(search, { target: { value: '10.4' } });
    const match = await screen.findByText('10.4.0.7:8080 (fast)');
    fireEvent.click(match);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(closed).toHaveLength(1));
    expect(server.bodiesOf('/api/p2p/accounts')).toEqual([
      expect.objectContaining({ steamAccountId: 41, proxyId: 7 }),
    ]);
  });

  it('refuses a form without modules', () => {
    const server = sellerServer({ 'POST /api/steam-accounts/query': () => steamAccounts });
    const { controls } = recordingControls();
    renderWithServices(
      <AddSellerDialog controls={controls} defaultCurrency="USD" onAdded={() => {}} />,
      server.fetchImpl,
      'en',
    );
    fireEvent.click(screen.getByLabelText('Trading bot'));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Pick at least one module')).toBeTruthy();
    expect(screen.getByText('Check all fields')).toBeTruthy();
  });
});

describe('view and edit dialog', () => {
  it('shows the key masked and sends only what changed, refusing a short new key', async () => {
    const server = sellerServer({
      'POST /api/proxies/query': () => ({ items: [], total: 0, page: 1, pageSize: 100 }),
      'PATCH /api/p2p/accounts/1': () => sellerRow(1, 'seller_one'),
    });
    renderWithServices(<SellerDetails row={sellerRow(1, 'seller_one') as never} />, server.fetchImpl, 'en');
    expect(screen.getByTestId('view-api-key').textContent).toBe('••••wxyz');
    expect(screen.getByTestId('view-balances').textContent).toContain('1,234.50');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('New API key (leave empty to keep it)'), {
      target: { value: 'abc' },
    });
    expect(screen.getByText('The API key is at least 10 characters')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('New API key (leave empty to keep it)'), {
      target: { value: 'new-key-0123456789' },
    });
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(server.bodiesOf('/api/p2p/accounts/1')).toEqual([{ apiKey: 'new-key-0123456789' }]),
    );
  });
});

describe('changing the market currency', () => {
  it('asks the market through change-currency and does not rewrite the stored currency alone', async () => {
    const server = sellerServer({
      'POST /api/proxies/query': () => ({ items: [], total: 0, page: 1, pageSize: 100 }),
      'POST /api/p2p/accounts/1/currency': () => ({ ...sellerRow(1, 'seller_one'), currency: 'USD' }),
    });
    renderWithServices(<SellerDetails row={sellerRow(1, 'seller_one') as never} />, server.fetchImpl, 'en');
    fireEvent.change(screen.getByLabelText('Market currency'), { target: { value: 'USD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodiesOf('/api/p2p/accounts/1/currency')).toEqual([{ currency: 'USD' }]),
    );
    expect(server.bodiesOf('/api/p2p/accounts/1')).toEqual([]);
  });
});

describe('bulk flow', () => {
  const names = new Map([
    [1, 'alpha'],
    [2, 'bravo'],
    [3, 'charlie'],
  ]);

  it('stop: confirm, an error dialog naming the refused account, then a forced retry of the failed one', async () => {
    const server = sellerServer({
      'POST /api/p2p/accounts/stop': (body) =>
        body.force
          ? { succeededIds: body.ids, failed: [], message: null, outcome: 'complete', cancelledDeliveries: 1 }
          : {
              succeededIds: [1, 2],
              failed: [
                {
                  id: 3,
                  resultCode: 6,
                  message: 'Safety check failed: the account has active trades',
                  reason: 'activeTrades',
                },
              ],
              message: 'Some accounts could not be processed',
              outcome: 'incomplete',
              cancelledDeliveries: 0,
            },
    });
    const { controls, closed } = recordingControls();
    renderWithServices(
      <BulkDialog controls={controls} action="stop" ids={[1, 2, 3]} names={names} />,
      server.fetchImpl,
      'en',
    );
    const dialog = screen.getByTestId('bulk-dialog');
    expect(dialog.dataset.stage).toBe('confirm');
    expect(dialog.textContent).toContain('Stop 3 accounts?');
    expect(server.requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(dialog.dataset.stage).toBe('error'));
    expect(server.bodiesOf('/api/p2p/accounts/stop')).toEqual([{ ids: [1, 2, 3], force: false }]);
    expect(screen.getByTestId('bulk-error').textContent).toBe('Some accounts could not be processed');
    expect(screen.getByText('Not processed: 1 of 3')).toBeTruthy();
    expect(screen.getByTestId('stop-outcome').dataset.outcome).toBe('incomplete');
    const failures = within(screen.getByTestId('bulk-failures')).getAllByRole('listitem');
    expect(failures.map((item) => item.textContent)).toEqual([
      'charlie: Safety check failed: the account has active trades',
    ]);

    fireEvent.click(screen.getByLabelText('Force (cancel active trades)'));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(dialog.dataset.stage).toBe('complete'));
    expect(server.bodiesOf('/api/p2p/accounts/stop')[1]).toEqual({ ids: [3], force: true });
    expect(screen.getByTestId('stop-outcome').textContent).toBe('Stop complete: every account is stopped.');
    expect(screen.getByTestId('bulk-cancelled').textContent).toBe('1 active trade cancelled.');
    expect(dialog.textContent).toContain('3 accounts processed.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(closed).toHaveLength(1);
  });

  it('delete: retry all sends every account again, in the mode chosen', async () => {
    let calls = 0;
    const server = sellerServer({
      'POST /api/p2p/accounts/remove': (body) => {
        calls += 1;
        const ids = body.ids as number[];
        return calls === 1
          ? {
              succeededIds: [],
              failed: ids.map((id) => ({
                id,
                resultCode: 4,
                message: 'Failed to delete the account',
                reason: 'failed',
              })),
              message: 'Some accounts could not be processed',
              cancelledDeliveries: 0,
            }
          : { succeededIds: ids, failed: [], message: null, cancelledDeliveries: 0 };
      },
    });
    const { controls } = recordingControls();
    renderWithServices(
      <BulkDialog controls={controls} action="remove" ids={[1, 2]} names={names} />,
      server.fetchImpl,
    );
    fireEvent.click(
      screen.getByLabelText('Принудительно: отменить активные обмены и отметить их неудачными'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    const dialog = screen.getByTestId('bulk-dialog');
    await waitFor(() => expect(dialog.dataset.stage).toBe('error'));
    expect(screen.getByTestId('bulk-error').textContent).toBe('Не удалось удалить аккаунт');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить для всех' }));
    await waitFor(() => expect(dialog.dataset.stage).toBe('complete'));
    expect(server.bodiesOf('/api/p2p/accounts/remove')).toEqual([
      { ids: [1, 2], force: true },
      { ids: [1, 2], force: true },
    ]);
    expect(dialog.textContent).toContain('Обработано 2 аккаунта.');
  });

  it('start runs at once and closes with the outcome when every account started', async () => {
    const server = sellerServer({
      'POST /api/p2p/accounts/start': (body) => ({ succeededIds: body.ids, failed: [], message: null }),
    });
    const { controls, closed } = recordingControls();
    renderWithServices(
      <BulkDialog controls={controls} action="start" ids={[1, 2]} names={names} />,
      server.fetchImpl,
    );
    await waitFor(() => expect(closed).toHaveLength(1));
    expect(closed[0]).toMatchObject({ succeededIds: [1, 2], failed: [] });
    expect(server.bodiesOf('/api/p2p/accounts/start')).toEqual([{ ids: [1, 2] }]);
  });

  it('start that reaches no account says so with the spec text, and names the lost connection per account', async () => {
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    renderWithServices(
      <BulkDialog controls={recordingControls().controls} action="start" ids={[1, 2]} names={names} />,
      offline,
    );
    const dialog = screen.getByTestId('bulk-dialog');
    await waitFor(() => expect(dialog.dataset.stage).toBe('error'), { timeout: 20_000 });
    expect(screen.getByTestId('bulk-error').textContent).toBe('Не удалось запустить аккаунт');
    const failures = within(screen.getByTestId('bulk-failures')).getAllByRole('listitem');
    expect(failures.map((item) => item.textContent)).toEqual(['alpha: Ошибка сети', 'bravo: Ошибка сети']);
  }, 30_000);

  it('sends large runs in chunks with progress, and a failed request fails its accounts only', async () => {
    const progress: string[] = [];
    const outcome = await runBulk(
      Array.from({ length: 25 }, (_, index) => index + 1),
      async (chunk) => {
        if (chunk.includes(11)) throw new Error('offline');
        return {
          succeededIds: chunk,
          failed: [],
          message: null,
          outcome: 'complete',
          cancelledDeliveries: 0,
        };
      },
      (done, total) => progress.push(`${done}/${total}`),
      () => 'Network error',
    );
    expect(progress).toEqual(['0/25', '10/25', '20/25', '25/25']);
    expect(outcome.succeededIds).toHaveLength(15);
    expect(outcome.failed.map((failure) => failure.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(outcome.failed[0]).toMatchObject({ message: 'Network error', reason: 'failed' });
    // A stop that could not reach some accounts is not complete.
    expect(outcome.outcome).toBe('incomplete');
  });
});

describe('platform status', () => {
  it('is focusable and described by its time and the reason in the interface language', () => {
    const server = sellerServer({});
    renderWithServices(
      <PlatformBadge
        state={{
          platform: 'tm',
          status: 'error',
          updatedAt: '2026-11-26T10:00:00.000Z',
          reason: 'currencyMismatch',
          detail: 'market USD, stored RUB',
        }}
      />,
      server.fetchImpl,
      'en',
    );
    const badge = screen.getByTestId('platform-status');
    expect(badge.tabIndex).toBe(0);
    expect(badge.dataset.status).toBe('error');
    const tip = screen.getByRole('tooltip');
    expect(badge.getAttribute('aria-describedby')).toBe(tip.id);
    expect(tip.textContent).toContain('TM: Error · updated ');
    expect(tip.textContent).toContain(
      'Reason: The market currency differs from the account currency (market USD, stored RUB)',
    );
  });
});

describe('marketplace error reset', () => {
  const inError = (id: number) => ({
    ...sellerRow(id, 'seller_err'),
    platforms: [{ platform: 'tm', status: 'error', updatedAt: now, reason: 'marketBanned', detail: null }],
  });

  it('is offered only where the platform is in error, and a refusal shows the spec text under it', async () => {
    const server = sellerServer({
      'POST /api/proxies/query': () => ({ items: [], total: 0, page: 1, pageSize: 100 }),
      'POST /api/p2p/accounts/reset-error': () => ({
        succeededIds: [],
        failed: [
          { id: 7, resultCode: 8, message: 'Не удалось сбросить ошибку маркетплейса', reason: 'failed' },
        ],
        message: 'Некоторые аккаунты не удалось обработать',
      }),
    });
    renderWithServices(<SellerDetails row={sellerRow(6, 'seller_ok') as never} />, server.fetchImpl);
    expect(screen.queryByRole('button', { name: 'Сбросить ошибку маркетплейса' })).toBeNull();
    cleanup();

    const services = renderWithServices(<SellerDetails row={inError(7) as never} />, server.fetchImpl);
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить ошибку маркетплейса' }));
    await waitFor(() =>
      expect(screen.getByTestId('reset-error-failed').textContent).toBe(
        'Не удалось сбросить ошибку маркетплейса',
      ),
    );
    expect(server.bodiesOf('/api/p2p/accounts/reset-error')).toEqual([{ ids: [7] }]);
    expect(services.toasts.toasts).toEqual([]);
  });

  it('says so when the market took it, and names the spec text with the cause when the request failed', async () => {
    const server = sellerServer({
      'POST /api/proxies/query': () => ({ items: [], total: 0, page: 1, pageSize: 100 }),
      'POST /api/p2p/accounts/reset-error': () => ({ succeededIds: [8], failed: [], message: null }),
    });
    const services = renderWithServices(<SellerDetails row={inError(8) as never} />, server.fetchImpl, 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Reset the marketplace error' }));
    await waitFor(() =>
      expect(services.toasts.toasts.map((toast) => toast.text)).toContain('The marketplace error was reset'),
    );
    expect(screen.queryByTestId('reset-error-failed')).toBeNull();
    cleanup();

    // The server cannot be reached: the spec's text, then why.
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    renderWithServices(<SellerDetails row={inError(9) as never} />, offline, 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Reset the marketplace error' }));
    await waitFor(() =>
      expect(screen.getByTestId('reset-error-failed').textContent).toMatch(
        /^Marketplace error reset failed: \S/,
      ),
    );
  });
});
