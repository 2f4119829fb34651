import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminLeasesPage } from '../src/features/admin/admin-leases-page.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The lease page against a server whose answer to `admin.listLeases` the test chooses. */
function renderPage(answer: () => Response, language: 'ru' | 'en' = 'ru') {
  const fetchImpl: typeof fetch = async (input) =>
    new URL(String(input)).pathname === '/api/admin/leases'
      ? answer()
      : envelope({ success: false, data: null, error: { message: 'not found', resultCode: 3 } }, 404);
  renderWithServices(<AdminLeasesPage />, fetchImpl, language);
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
