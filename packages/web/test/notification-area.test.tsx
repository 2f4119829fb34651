import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationArea } from '../src/layout/notification-area.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), {
    headers: { 'content-type': 'application/json' },
  });

/** A server keeping two notifications and their read state, as the notifications operations answer. */
function notificationServer() {
  const items = [
    {
      id: 2,
      kind: 'bulkJobFinished',
      params: { job: 'proxyCheck', total: 3, succeeded: 2, failed: 1 },
      link: '/panel/proxy',
      read: false,
      createdAt: '2026-11-26T10:01:00.000Z',
    },
    {
      id: 1,
      kind: 'sellerPlatformError',
      params: { accountId: 4, login: 'trader1', reason: 'badKey' },
      link: '/panel/accounts',
      read: false,
      createdAt: '2026-11-26T10:00:00.000Z',
    },
  ];
  const calls: string[] = [];
  const unread = () => items.filter((n) => !n.read).length;
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === '/api/notifications/unread-count') return envelope({ unread: unread() });
    if (path === '/api/notifications/query')
      return envelope({ items, total: items.length, page: 1, pageSize: 25 });
    const one = /^\/api\/notifications\/(\d+)\/read$/.exec(path);
    if (one) {
      for (const n of items) if (n.id === Number(one[1])) n.read = true;
      return envelope({ unread: unread() });
    }
    if (path === '/api/notifications/read-all') {
      for (const n of items) n.read = true;
      return envelope({ unread: 0 });
    }
    return new Response('{}', { status: 404 });
  };
  return { fetchImpl, calls };
}

/** The panel is its own module, imported when it first opens: on a loaded machine that takes longer than 1 s. */
const PANEL_LOAD_MS = 10_000;

describe('notification area', () => {
  it('shows the unread count on the bell and lists the notifications in the reader’s language', async () => {
    const server = notificationServer();
    renderWithServices(<NotificationArea />, server.fetchImpl, 'en');
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' }, { timeout: 5000 });
    expect(screen.getByTestId('notification-unread').textContent).toBe('2');
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: PANEL_LOAD_MS });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(await screen.findByText('Finished: proxy check')).toBeTruthy();
    expect(screen.getByText('3 in all: 2 succeeded, 1 failed')).toBeTruthy();
    expect(screen.getByText('Marketplace error on trader1')).toBeTruthy();
    expect(screen.getByText('The market rejects the API key (Bad KEY)')).toBeTruthy();
  });

  it('marks one read, then all, and the count follows', async () => {
    const server = notificationServer();
    renderWithServices(<NotificationArea />, server.fetchImpl, 'ru');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Уведомления: 2 непрочитанных' }, { timeout: 5000 }),
    );
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Отметить прочитанным: Завершено: проверка прокси' },
        { timeout: PANEL_LOAD_MS },
      ),
    );
    await waitFor(() => expect(screen.getByTestId('notification-unread').textContent).toBe('1'));
    expect(server.calls).toContain('POST /api/notifications/2/read');
    await waitFor(() =>
      expect(screen.getAllByTestId('notification-item').map((li) => li.dataset.read)).toEqual([
        'true',
        'false',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Прочитать все' }));
    await waitFor(() => expect(screen.queryByTestId('notification-unread')).toBeNull());
    expect(screen.getByRole('button', { name: 'Уведомления' })).toBeTruthy();
  });

  it('opens from the palette command and closes with Escape, giving focus back to the bell', async () => {
    const server = notificationServer();
    const services = renderWithServices(<NotificationArea />, server.fetchImpl, 'en');
    services.commands.context = { isSignedIn: () => true } as never;
    await screen.findByRole('button', { name: 'Notifications: 2 unread' }, { timeout: 5000 });
    act(() => {
      services.commands.run('notifications.toggle');
    });
    const panel = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: PANEL_LOAD_MS });
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('notification-bell'));
  });
});
