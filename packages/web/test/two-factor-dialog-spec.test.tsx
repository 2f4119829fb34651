import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { contract } from '@tradedeck/sdk/contract';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppServices } from '../src/app/app-services.ts';
import { type AppServices, ServicesProvider } from '../src/shared/app-services.tsx';
import { ModalHost } from '../src/shared/modals/modal-host.tsx';
import { TwoFactorDialog } from '../src/ui/two-factor-dialog.tsx';
import { TwoFactorPromptHost } from '../src/ui/two-factor-prompt.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const asked = (requirements: string[], failed: string[] = []) =>
  envelope(
    {
      success: false,
      data: null,
      error: { message: 'Нужен код', resultCode: 101, errorDetails: { requirements, failed }, traceId: 't' },
    },
    403,
  );

/** The app's services over a server that asks `user.changePassword` for a second factor until it gets one. */
function appWith(requirements: string[]) {
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
  const calls: { path: string; body: Record<string, unknown> | null }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ path, body });
    if (path === contract.user.requestTwoFactor.path) {
      return envelope({ success: true, data: { resendAfterSeconds: 60 }, error: null });
    }
    if (path === contract.user.changePassword.path) {
      return body?.twoFactor
        ? envelope({ success: true, data: { ok: true }, error: null })
        : asked(requirements);
    }
    return envelope({ success: false, data: null, error: { message: 'no', resultCode: 3 } }, 404);
  };
  const i18n = createI18n('ru');
  const services = createAppServices(i18n, 'http://tradedeck.test', fetchImpl);
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider value={services}>
        <ModalHost />
        <TwoFactorPromptHost prompt={services.twoFactor} />
      </ServicesProvider>
    </I18nextProvider>,
  );
  const changePassword = () =>
    services.client.user.changePassword({ oldPassword: 'Old-Pass-1!', newPassword: 'New-Pass-2!' });
  return { services, calls, changePassword };
}

const renderDialog = (ui: React.ReactElement) =>
  render(<I18nextProvider i18n={createI18n('ru')}>{ui}</I18nextProvider>);

describe('two-factor dialog, as the specification describes it', () => {
  it('has a close button only when two-factor is not required', () => {
    const onCancel = vi.fn();
    const view = renderDialog(
      <TwoFactorDialog
        open
        required
        requirements={['totp', 'recoveryCode']}
        onSubmit={vi.fn()}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Двухфакторная аутентификация' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отмена' })).toBeNull();
    view.rerender(
      <I18nextProvider i18n={createI18n('ru')}>
        <TwoFactorDialog
          open
          requirements={['totp', 'recoveryCode']}
          onSubmit={vi.fn()}
          onCancel={onCancel}
        />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('clears its fields 300 ms after closing, not before', () => {
    vi.useFakeTimers();
    const dialog = (open: boolean) => (
      <I18nextProvider i18n={createI18n('ru')}>
        <TwoFactorDialog open={open} requirements={['totp', 'recoveryCode']} onSubmit={vi.fn()} />
      </I18nextProvider>
    );
    const view = render(dialog(true));
    const field = () => screen.getByLabelText('Код из приложения-аутентификатора') as HTMLInputElement;
    fireEvent.change(field(), { target: { value: '12' } });
    view.rerender(dialog(false));
    act(() => vi.advanceTimersByTime(299));
    view.rerender(dialog(true));
    expect(field().value).toBe('12');
    view.rerender(dialog(false));
    act(() => vi.advanceTimersByTime(300));
    view.rerender(dialog(true));
    expect(field().value).toBe('');
  });

  it('sends the spec payload, recoveryCode and codes with totp and emailCode, on the wire', async () => {
    const app = appWith(['totp', 'recoveryCode']);
    let done!: Promise<unknown>;
    await act(async () => {
      done = app.changePassword();
    });
    fireEvent.change(await screen.findByLabelText('Код из приложения-аутентификатора'), {
      target: { value: '123456' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' })));
    expect(await done).toEqual({ ok: true });
    const sent = app.calls.filter((c) => c.path === contract.user.changePassword.path).at(-1)!;
    expect(sent.body!.twoFactor).toEqual({ recoveryCode: null, codes: { totp: '123456' } });
  });

  it('the app-wide prompt with a single code is the solo dialog: a complete code submits itself', async () => {
    const app = appWith(['emailCode']);
    let done!: Promise<unknown>;
    await act(async () => {
      done = app.changePassword();
    });
    const field = await screen.findByLabelText('Код из письма');
    expect(screen.getByRole('dialog').style.maxWidth).toBe('500px');
    await act(async () => fireEvent.change(field, { target: { value: '65432' } }));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await act(async () => fireEvent.change(field, { target: { value: '654321' } }));
    expect(await done).toEqual({ ok: true });
    const sent = app.calls.filter((c) => c.path === contract.user.changePassword.path).at(-1)!;
    expect(sent.body!.twoFactor).toEqual({ recoveryCode: null, codes: { emailCode: '654321' } });
  });

  it('the app-wide prompt resends the e-mail code for its purpose, counts down 60 s and says so for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = appWith(['emailCode', 'recoveryCode']);
    await act(async () => {
      void app.changePassword();
    });
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Отправить код повторно' })),
    );
    const request = app.calls.find((c) => c.path === contract.user.requestTwoFactor.path)!;
    expect(request.body).toEqual({ purpose: 'changePassword' });
    expect(screen.getByText('Письмо успешно отправлено')).toBeTruthy();
    const countdown = screen.getByRole('button', {
      name: 'Повторная отправка через 60 с',
    }) as HTMLButtonElement;
    expect(countdown.disabled).toBe(true);
    for (let second = 0; second < 3; second++) act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Письмо успешно отправлено')).toBeNull();
    expect(screen.getByRole('button', { name: /^Повторная отправка через 5[67] с$/ })).toBeTruthy();
  });

  it('sits in the modal stack above an open modal and Escape does not close it (persistent)', async () => {
    const app = appWith(['totp', 'recoveryCode']);
    const services: AppServices = app.services;
    let below!: Promise<unknown>;
    act(() => {
      below = services.modals.open(() => <p>Диалог ниже</p>);
    });
    below.catch(() => {});
    await act(async () => {
      void app.changePassword();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Двухфакторная аутентификация' });
    const layer = dialog.closest('[data-modal-level]') as HTMLElement;
    expect(layer.dataset.modalLevel).toBe('1');
    expect(layer.style.zIndex).toBe('1010');
    act(() => {
      expect(services.modals.escape()).toBe(false);
    });
    expect(services.modals.entries).toHaveLength(2);
    expect(screen.getByText('Диалог ниже')).toBeTruthy();
  });
});
