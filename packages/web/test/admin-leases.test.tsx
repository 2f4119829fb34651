import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../src/app/app-services.ts';
import { AdminLeasesPage } from '../src/features/admin/admin-leases-page.tsx';
import { ServicesProvider } from '../src/shared/app-services.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The lease page against a server whose answer to `admin.listLeases` the test chooses. */
function renderPage(answer: () => Response, language: 'ru' | 'en' = 'ru') {
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
  const fetchImpl: typeof fetch = async (input) =>
    new URL(String(input)).pathname === '/api/admin/leases'
      ? answer()
      : envelope({ success: false, data: null, error: { message: 'not found', resultCode: 3 } }, 404);
  const i18n = createI18n(language);
  const services = createAppServices(i18n, 'http://tradedeck.test', fetchImpl);
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <MemoryRouter initialEntries={['/panel/admin/leases']}>
            <Routes>
              <Route path="/panel/admin/leases" element={<AdminLeasesPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ServicesProvider>
    </I18nextProvider>,
  );
}

describe('the lease page', () => {
  it('lists each lease with its kind, process and times', async () => {
    renderPage(() =>
      envelope({
        success: true,
        data: {
          items: [
            {
              kind: 'job',
              what: 'proxy-checks 0b5e…',
              owner: { host: 'node-a', pid: 4242 },
              since: '2026-11-29T10:00:00.000Z',
              expiresAt: '2026-11-29T10:00:15.000Z',
            },
            {
              kind: 'tradeIntent',
              what: 'send tm1 (account 3)',
              owner: null,
              since: '2026-11-29T10:00:00.000Z',
              expiresAt: null,
            },
          ],
        },
        error: null,
      }),
    );
    await screen.findByText('node-a:4242');
    const rows = screen.getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [],
      ['Задание', 'proxy-checks 0b5e…', 'node-a:4242', expect.any(String), expect.any(String)],
      ['Торговое намерение', 'send tm1 (account 3)', 'не назван', expect.any(String), '—'],
    ]);
    expect(screen.getByRole('heading').textContent).toBe('Аренды: кто что выполняет');
  });

  it('says so when no lease is held, in English too', async () => {
    renderPage(() => envelope({ success: true, data: { items: [] }, error: null }), 'en');
    expect(
      await screen.findByText('No leases are held: no server process is running a job or a trade call now'),
    ).toBeTruthy();
  });

  it('shows a refusal as the server words it', async () => {
    renderPage(() =>
      envelope(
        { success: false, data: null, error: { message: 'Доступ запрещён', resultCode: 4, traceId: 't' } },
        403,
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Доступ запрещён');
  });
});
