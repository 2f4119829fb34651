import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../src/app/app-services.ts';
import { AdminUsersPage } from '../src/features/admin/admin-users-page.tsx';
import { ServicesProvider } from '../src/shared/app-services.tsx';
import { ModalHost } from '../src/shared/modals/modal-host.tsx';
import { ToastHost } from '../src/shared/toasts/toast-host.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

const RU_MESSAGE =
  'Действия администратора доступны только с двухфакторной аутентификацией. Включите приложение-аутентификатор в разделе Профиль → Безопасность.';
const USER = {
  id: '5c1d2f0e-0000-4000-8000-000000000001',
  email: 'newbie@example.test',
  userName: 'newbie',
  role: 'user',
  status: 'pendingApproval',
  banReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = (errorDetails: Record<string, unknown> | null, message: string) =>
  envelope(
    { success: false, data: null, error: { message, resultCode: 4, errorDetails, traceId: 't' } },
    403,
  );
const mfaRefusal = () =>
  refused(
    { reason: 'adminTwoFactorRequired', requirement: 'totp', settingsPath: '/profile/security' },
    RU_MESSAGE,
  );

/** The admin page against a server whose list, approve and end-sessions answers the test chooses. */
function renderPage(answers: {
  list: () => Response;
  approve?: () => Response;
  endSessions?: () => Response;
}) {
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
  const fetchImpl: typeof fetch = async (input) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/admin/users/query') return answers.list();
    if (path.endsWith('/approve') && answers.approve) return answers.approve();
    if (path.endsWith('/end-sessions') && answers.endSessions) return answers.endSessions();
    return envelope({ success: false, data: null, error: { message: 'not found', resultCode: 3 } }, 404);
  };
  const i18n = createI18n('ru');
  const services = createAppServices(i18n, 'http://tradedeck.test', fetchImpl);
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <ModalHost />
          <MemoryRouter initialEntries={['/panel/admin/users']}>
            <Routes>
              <Route path="/panel/admin/users" element={<AdminUsersPage />} />
              <Route path="/profile/security" element={<h1>security settings</h1>} />
            </Routes>
            <ToastHost />
          </MemoryRouter>
        </QueryClientProvider>
      </ServicesProvider>
    </I18nextProvider>,
  );
}

describe('admin page without the authenticator app', () => {
  it('shows the server message and a button to the security settings instead of the table', async () => {
    renderPage({ list: mfaRefusal });
    const notice = await screen.findByTestId('admin-two-factor-needed');
    expect(notice.textContent).toContain('Нужна двухфакторная аутентификация');
    expect(notice.textContent).toContain(RU_MESSAGE);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/\(4\)/)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Открыть настройки безопасности' }));
    expect(await screen.findByRole('heading', { name: 'security settings' })).toBeTruthy();
  });

  it('switches to the notice when an action is refused for the same reason', async () => {
    renderPage({
      list: () =>
        envelope({ success: true, data: { items: [USER], total: 1, page: 1, pageSize: 100 }, error: null }),
      approve: mfaRefusal,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Одобрить' }));
    expect((await screen.findByTestId('admin-two-factor-needed')).textContent).toContain(RU_MESSAGE);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps other refusals as they were: the message and code, no settings button', async () => {
    renderPage({ list: () => refused(null, 'Доступ запрещён') });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Доступ запрещён');
    expect(screen.queryByTestId('admin-two-factor-needed')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Открыть настройки безопасности' })).toBeNull();
  });
});

describe('admin page: ending a user’s sessions', () => {
  const listed = () =>
    envelope({
      success: true,
      data: { items: [{ ...USER, status: 'active' }], total: 1, page: 1, pageSize: 100 },
      error: null,
    });

  it('asks first, ends nothing when cancelled, and ends the sessions once confirmed', async () => {
    let calls = 0;
    renderPage({
      list: listed,
      endSessions: () => {
        calls += 1;
        return envelope({ success: true, data: { ended: 2 }, error: null });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Завершить сеансы' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Завершить все сеансы пользователя?');
    expect(dialog.textContent).toContain(USER.email);
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Завершить сеансы' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Завершить сеансы' }));
    expect(await screen.findByText('Сеансы пользователя завершены')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('switches to the two-factor notice when the server asks for the authenticator app', async () => {
    renderPage({ list: listed, endSessions: mfaRefusal });
    fireEvent.click(await screen.findByRole('button', { name: 'Завершить сеансы' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Завершить сеансы' }),
    );
    expect((await screen.findByTestId('admin-two-factor-needed')).textContent).toContain(RU_MESSAGE);
  });
});
