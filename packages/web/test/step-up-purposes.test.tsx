import { act, cleanup, render, screen } from '@testing-library/react';
import { contract } from '@tradedeck/sdk/contract';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppServices } from '../src/app/app-services.ts';
import { TwoFactorPromptHost } from '../src/ui/two-factor-prompt.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

/** A server that answers every call with a step-up for `purpose`, confirmed by an e-mailed code. */
function askingServer(purpose: string) {
  const fetchImpl: typeof fetch = async () =>
    new Response(
      JSON.stringify({
        success: false,
        data: null,
        error: {
          message: 'Подтвердите действие',
          resultCode: 101,
          errorDetails: { stepUp: purpose, requirements: ['emailCode', 'recoveryCode'], failed: [] },
          traceId: 't',
        },
      }),
      { status: 403, headers: { 'content-type': 'application/json' } },
    );
  return fetchImpl;
}

function mount(purpose: string) {
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
  const i18n = createI18n('ru');
  const services = createAppServices(i18n, 'http://tradedeck.test', askingServer(purpose));
  render(
    <I18nextProvider i18n={i18n}>
      <TwoFactorPromptHost prompt={services.twoFactor} />
    </I18nextProvider>,
  );
  return services;
}

describe('step-up for money and API keys through the app-wide two-factor dialog', { timeout: 30_000 }, () => {
  it.each([
    ['withdrawal', 'Деньги или предметы уходят с ваших аккаунтов'],
    ['api_management', 'Управление API-ключами и платёжным паролем маркета'],
  ])('names the %s purpose and counts the 60 s before another code may be mailed', async (purpose, named) => {
    const services = mount(purpose);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      void services.client.transfer.revealKey({ id: 1 }).catch(() => {});
    });
    const dialog = await screen.findByRole('dialog', { name: 'Двухфакторная аутентификация' });
    expect(dialog.textContent).toContain(named);
    expect(dialog.textContent).toContain('Код отправлен на e-mail аккаунта.');
    const resend = screen.getByRole('button', { name: 'Повторная отправка через 60 с' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    for (let second = 0; second < 10; second++) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: /^Повторная отправка через 5[01] с$/ })).toBeTruthy();
    expect(contract.transfer.revealKey.flags.stepUp).toBe('api_management');
  });
});
