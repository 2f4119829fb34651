import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createApiClient } from '@tradedeck/sdk/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthPagesProvider } from '../src/features/auth/auth-deps.tsx';
import { authRoutes, legacyAuthRedirects } from '../src/features/auth/routes.tsx';
import { formatRecoveryCode } from '../src/ui/two-factor-code.ts';
import { TwoFactorDialog } from '../src/ui/two-factor-dialog.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

async function renderAuth(path: string, language: 'ru' | 'en' = 'ru') {
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
  const router = createMemoryRouter(
    [
      { path: '/auth', children: authRoutes },
      ...legacyAuthRedirects,
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  // The pages load with their routes.
  const { container } = render(
    <I18nextProvider i18n={createI18n(language)}>
      <AuthPagesProvider value={{ client }}>
        <RouterProvider router={router} />
      </AuthPagesProvider>
    </I18nextProvider>,
  );
  await waitFor(() => expect(container.childElementCount).toBeGreaterThan(0), { timeout: 15_000 });
  return router;
}

describe('two-factor dialog', () => {
  it('submits a solo 6-digit code as soon as it is complete', () => {
    const onSubmit = vi.fn();
    render(
      <I18nextProvider i18n={createI18n('ru')}>
        <TwoFactorDialog open solo requirements={['totp']} onSubmit={onSubmit} />
      </I18nextProvider>,
    );
    const input = screen.getByLabelText('Код из приложения-аутентификатора');
    fireEvent.change(input, { target: { value: '12a34' } });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '123456' } });
    expect(onSubmit).toHaveBeenCalledWith({ recoveryCode: null, codes: { totp: '123456' } });
    // Without onCancel, two-factor is required: no close button.
    expect(screen.queryByRole('button', { name: 'Отмена' })).toBeNull();
  });

  it('switches to a recovery code, formats it as the spec says, and shows "Неверный код" under failed fields', () => {
    const onSubmit = vi.fn();
    render(
      <I18nextProvider i18n={createI18n('ru')}>
        <TwoFactorDialog
          open
          requirements={['totp', 'recoveryCode']}
          failed={['totp']}
          onSubmit={onSubmit}
          onCancel={() => undefined}
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Неверный код');
    const confirm = screen.getByRole('button', { name: 'Подтвердить' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Использовать код восстановления' }));
    fireEvent.change(screen.getByLabelText('Код восстановления'), { target: { value: 'ab3de fgh2jzz' } });
    expect((screen.getByLabelText('Код восстановления') as HTMLInputElement).value).toBe('AB3DE-FGH2J');
    fireEvent.click(confirm);
    expect(onSubmit).toHaveBeenCalledWith({ recoveryCode: 'AB3DE-FGH2J', codes: {} });
    expect(formatRecoveryCode('abc')).toBe('ABC');
  });
});

describe('auth pages', () => {
  it('validates registration in the browser with the spec messages before calling the server', async () => {
    await renderAuth('/auth/registration');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Имя пользователя'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    const text = screen
      .getAllByRole('alert')
      .map((n) => n.textContent)
      .join(' | ');
    expect(text).toContain('Некорректный формат e-mail');
    expect(text).toContain('Минимум 3 символа');
    expect(text).toContain('Минимум 8 символов');
    expect(text).toContain('Пароль должен содержать хотя бы одну заглавную букву');
    expect(text).toContain('Подтвердите новый пароль');
  });

  it('shows the session-expired notice on the login page', async () => {
    await renderAuth('/auth/login?redirect=%2Fpanel%2Fproxy&sessionExpired=true');
    expect(screen.getByText('Ваша сессия истекла. Пожалуйста, войдите снова.')).toBeTruthy();
  });

  it('keeps the query string on legacy confirmation links', async () => {
    const router = await renderAuth('/confirmation/reset-password?userId=u1&code=c1', 'en');
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    expect(router.state.location.search).toBe('?userId=u1&code=c1');
    expect(screen.getByRole('heading', { name: 'New password' })).toBeTruthy();
  });
});

describe('two-factor prompt for the API client', () => {
  it('opens the dialog for a challenge and resolves the call with the typed codes, or null on cancel', async () => {
    const { TwoFactorPrompt, TwoFactorPromptHost } = await import('../src/ui/two-factor-prompt.tsx');
    const { act } = await import('@testing-library/react');
    const prompt = new TwoFactorPrompt();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <TwoFactorPromptHost prompt={prompt} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    let answer!: Promise<unknown>;
    act(() => {
      answer = prompt.ask({
        operationId: 'user.changePassword',
        requirements: ['totp', 'emailCode', 'recoveryCode'],
        attempt: 1,
        message: 'Wrong code',
        failed: ['emailCode'],
      });
    });
    // The dialog's code loads when first asked for.
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Wrong code');
    // Only the field that failed is marked: the authenticator code was right.
    expect(screen.getByLabelText('Code from the e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Code from the authenticator app').getAttribute('aria-invalid')).toBe(
      'false',
    );
    fireEvent.change(screen.getByLabelText('Code from the authenticator app'), {
      target: { value: '123456' },
    });
    fireEvent.change(screen.getByLabelText('Code from the e-mail'), { target: { value: '654321' } });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    expect(await answer).toEqual({ recoveryCode: null, codes: { totp: '123456', emailCode: '654321' } });
    // A wrong recovery code is marked under the recovery field.
    let recovery!: Promise<unknown>;
    act(() => {
      recovery = prompt.ask({
        operationId: 'user.changePassword',
        requirements: ['totp', 'recoveryCode'],
        attempt: 1,
        message: 'Wrong code',
        failed: ['recoveryCode'],
      });
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    });
    expect(screen.getByLabelText('Recovery code').getAttribute('aria-invalid')).toBe('true');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(await recovery).toBeNull();
    let cancelled!: Promise<unknown>;
    act(() => {
      cancelled = prompt.ask({
        operationId: 'user.changeEmail',
        requirements: ['totp', 'recoveryCode'],
        attempt: 0,
        message: '',
        failed: [],
      });
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(await cancelled).toBeNull();
  });
});
