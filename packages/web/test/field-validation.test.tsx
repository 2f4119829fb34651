import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createApiClient } from '@tradedeck/sdk/client';
import type { ProxyRow } from '@tradedeck/sdk/contract';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../src/app/app-services.ts';
import { ChangeEmailPage, ChangePasswordPage } from '../src/features/profile/change-pages.tsx';
import { ProfilePagesProvider } from '../src/features/profile/profile-deps.tsx';
import { ProxyViewDialog } from '../src/features/proxies/proxy-view-dialog.tsx';
import { RunningChecks } from '../src/features/proxies/running-checks.ts';
import { ServicesProvider } from '../src/shared/app-services.tsx';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';
import { createI18n } from './helpers/texts.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (resultCode: number, message: string, errorDetails: unknown = null, status = 400) =>
  envelope(
    { success: false, data: null, error: { message, resultCode, errorDetails, traceId: 't' } },
    status,
  );

/** The messages shown under a field: the alert list its input points at. */
function errorsUnder(label: string): string[] {
  const input = screen.getByLabelText(label);
  const list = input.closest('div')?.querySelector('[role="alert"]');
  return [...(list?.querySelectorAll('li') ?? [])].map((item) => item.textContent ?? '');
}

function renderProfile(page: React.ReactNode, fetchImpl: typeof fetch) {
  const client = createApiClient({ baseUrl: 'http://tradedeck.test', fetch: fetchImpl });
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <ProfilePagesProvider client={client}>
        <MemoryRouter>{page}</MemoryRouter>
      </ProfilePagesProvider>
    </I18nextProvider>,
  );
}

describe('validation messages under their fields', () => {
  it('change password: the password rules and a wrong current password show under the fields', async () => {
    const fetchImpl: typeof fetch = async () => refusal(102, 'Неверный пароль', null, 401);
    renderProfile(<ChangePasswordPage />, fetchImpl);
    fireEvent.change(screen.getByLabelText('Текущий пароль'), { target: { value: 'whatever' } });
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Подтвердите новый пароль'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(errorsUnder('Новый пароль')).toContain('Минимум 8 символов');

    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'Longer-Pass-9' } });
    fireEvent.change(screen.getByLabelText('Подтвердите новый пароль'), {
      target: { value: 'Longer-Pass-9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    await waitFor(() => expect(errorsUnder('Текущий пароль')).toEqual(['Неверный пароль (102)']));
  });

  it('change e-mail: a malformed or unchanged address is refused under the field', async () => {
    localStorage.setItem(
      'tradedeck.accessToken',
      JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    let infoCalls = 0;
    const requestsForInfo = () => infoCalls;
    const fetchImpl: typeof fetch = async (input) =>
      new URL(String(input)).pathname === '/api/user/info' && ++infoCalls
        ? envelope({
            success: true,
            data: {
              id: 'u1',
              email: 'me@example.test',
              userName: 'me',
              role: 'user',
              status: 'active',
              language: 'ru',
              pendingEmail: null,
              twoFactor: { totp: false, emailOtp: false, recoveryCodesLeft: 0 },
              createdAt: '2026-01-01T00:00:00.000Z',
            },
            error: null,
          })
        : refusal(10, 'Ошибка проверки', { fields: { newEmail: ['Адрес занят'] } });
    renderProfile(<ChangeEmailPage />, fetchImpl);
    const field = screen.getByLabelText('Новый e-mail');
    fireEvent.change(field, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(errorsUnder('Новый e-mail')).toEqual(['Некорректный формат e-mail']);

    // The current address arrives with the user's info.
    await waitFor(() => expect(requestsForInfo()).toBeGreaterThan(0));
    await act(async () => {});
    fireEvent.change(field, { target: { value: 'ME@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(errorsUnder('Новый e-mail')).toEqual(['Новый e-mail должен отличаться от текущего']);

    fireEvent.change(field, { target: { value: 'other@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(errorsUnder('Новый e-mail')).toEqual(['Адрес занят']));
  });

  it('proxy edit: the server refusing a credential shows under that field, not only in a notification', async () => {
    localStorage.setItem(
      'tradedeck.accessToken',
      JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    const stored: ProxyRow = {
      id: 7,
      proxyName: 'Main',
      identity: { protocol: 3, address: '10.0.0.7', port: 1080 },
      credentials: { username: 'bob', hasPassword: true },
      metadata: { countryCode: 'DE' },
      steamAccounts: [],
      tags: [],
      status: 1,
      lastCheck: null,
      createdAt: '2026-11-22T05:00:00.000Z',
    };
    const fetchImpl: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/proxies/7' && (init?.method ?? 'GET') === 'GET') {
        return envelope({ success: true, data: stored, error: null });
      }
      if (path === '/api/proxies/tags') return envelope({ success: true, data: [], error: null });
      if (path === '/api/proxies/7/credentials') {
        return refusal(10, 'Ошибка проверки', {
          fields: { 'credentials.username': ['Слишком длинный логин'] },
        });
      }
      return refusal(3, 'nf', null, 404);
    };
    const i18n = createI18n('en');
    const services = createAppServices(i18n, 'http://tradedeck.test', fetchImpl);
    const controls: ModalControls = {
      id: 1,
      close: () => {},
      dismiss: () => {},
      openChild: () => Promise.reject(),
    };
    render(
      <I18nextProvider i18n={i18n}>
        <ServicesProvider value={services}>
          <QueryClientProvider client={services.queryClient}>
            <MemoryRouter>
              <ProxyViewDialog controls={controls} id={7} tracker={new RunningChecks()} onCheck={() => {}} />
            </MemoryRouter>
          </QueryClientProvider>
        </ServicesProvider>
      </I18nextProvider>,
    );
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(screen.getByLabelText('Login'), { target: { value: 'x'.repeat(80) } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorsUnder('Login')).toEqual(['Слишком длинный логин']));
    expect(services.toasts.toasts).toEqual([]);
  });
});
