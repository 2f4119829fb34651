import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createApiClient } from '@tradedeck/sdk/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../src/app/app-services.ts';
import { AuthPagesProvider } from '../src/features/auth/auth-deps.tsx';
import { authRoutes } from '../src/features/auth/routes.tsx';
import { ProfilePagesProvider } from '../src/features/profile/profile-deps.tsx';
import { SecurityPage } from '../src/features/profile/security-page.tsx';
import { MaintenancePage } from '../src/features/status-pages/maintenance-page.tsx';
import { ServicesProvider } from '../src/shared/app-services.tsx';
import { MESSENGER_URL } from '../src/shared/messenger-link.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => envelope({ success: true, data, error: null });

async function renderAuthPage(path: string) {
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
  const router = createMemoryRouter([{ path: '/auth', children: authRoutes }], { initialEntries: [path] });
  // The pages load with their routes.
  const { container } = render(
    <I18nextProvider i18n={createI18n('ru')}>
      <AuthPagesProvider value={{ client }}>
        <RouterProvider router={router} />
      </AuthPagesProvider>
    </I18nextProvider>,
  );
  await waitFor(() => expect(container.childElementCount).toBeGreaterThan(0), { timeout: 15_000 });
}

function signedIn() {
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
}

describe('account state pages', () => {
  it('the banned page sends the user to support in the messenger', async () => {
    await renderAuthPage('/auth/account-banned');
    const link = screen.getByRole('link', { name: 'Написать в поддержку' });
    expect(link.getAttribute('href')).toBe(MESSENGER_URL);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('the pending-approval page says the account awaits moderation and to contact the administrator', async () => {
    await renderAuthPage('/auth/pending-approval');
    const text = document.body.textContent ?? '';
    expect(text).toContain('ожидает одобрения модератором');
    expect(text).toContain('обратитесь к администратору');
  });
});

describe('maintenance page', () => {
  it('shows why the status could not be read instead of an empty page', async () => {
    const fetchImpl: typeof fetch = async () =>
      envelope(
        {
          success: false,
          data: null,
          error: { message: 'Сервис недоступен', resultCode: 1, errorDetails: null, traceId: 't' },
        },
        500,
      );
    const i18n = createI18n('ru');
    const services = createAppServices(i18n, 'http://tradedeck.test', fetchImpl);
    render(
      <I18nextProvider i18n={i18n}>
        <ServicesProvider value={services}>
          <QueryClientProvider client={services.queryClient}>
            <MemoryRouter initialEntries={['/maintenance']}>
              <MaintenancePage />
            </MemoryRouter>
          </QueryClientProvider>
        </ServicesProvider>
      </I18nextProvider>,
    );
    const alert = await screen.findByTestId('maintenance-error');
    expect(alert.textContent).toContain('Не удалось получить статус сервиса');
    expect(alert.textContent).toContain('Сервис недоступен');
    expect(screen.getByRole('button', { name: 'Проверить доступность' })).toBeTruthy();
  });
});

describe('device sessions', () => {
  it('show the date each session was created', async () => {
    signedIn();
    const created = '2026-03-04T05:06:07.000Z';
    const fetchImpl: typeof fetch = async (input) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/user/info') {
        return ok({
          id: 'u1',
          email: 'a@b.c',
          userName: 'trader',
          role: 'user',
          status: 'active',
          language: 'ru',
          pendingEmail: null,
          twoFactor: { totp: false, emailOtp: false, recoveryCodesLeft: 0 },
          createdAt: created,
        });
      }
      if (path === '/api/user/sessions') {
        return ok({
          items: [
            {
              id: 's1',
              createdAt: created,
              lastSeenAt: '2026-11-20T10:00:00.000Z',
              ip: '127.0.0.1',
              userAgent: 'Chromium',
              current: true,
            },
          ],
        });
      }
      return envelope({ success: false, data: null, error: { message: 'not found', resultCode: 3 } }, 404);
    };
    const client = createApiClient({ baseUrl: 'http://tradedeck.test', fetch: fetchImpl });
    render(
      <I18nextProvider i18n={createI18n('ru')}>
        <ProfilePagesProvider client={client}>
          <MemoryRouter>
            <SecurityPage />
          </MemoryRouter>
        </ProfilePagesProvider>
      </I18nextProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Активные сеансы' });
    const times = [...list.querySelectorAll('time')].map((node) => node.getAttribute('datetime'));
    expect(times).toContain(created);
    expect(list.textContent).toContain(`начат ${new Date(created).toLocaleString('ru-RU')}`);
  });
});
