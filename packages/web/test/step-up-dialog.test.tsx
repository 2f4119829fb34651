import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { contract } from '@tradedeck/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { mountPromptHost } from './helpers/prompt-host.tsx';

afterEach(cleanup);

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stepUpAsked = (message: string, failed: string[] = []) =>
  envelope(
    {
      success: false,
      data: null,
      error: {
        message,
        resultCode: 101,
        errorDetails: { stepUp: 'secrets', requirements: ['totp', 'recoveryCode'], failed },
        traceId: 't',
      },
    },
    403,
  );

/** A server that asks the session to step up once, refuses the first code and takes the second. */
function stepUpServer() {
  const calls: { path: string; body: unknown }[] = [];
  let steppedUp = false;
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ path, body });
    if (path === contract.user.stepUp.path) {
      if (body.twoFactor.codes?.totp !== '654321') return stepUpAsked('Неверный код', ['totp']);
      steppedUp = true;
      return envelope({ success: true, data: { validUntil: '2030-01-01T00:00:00.000Z' }, error: null });
    }
    if (path === contract.proxies.export.path) {
      if (!steppedUp) return stepUpAsked('Подтвердите действие вторым фактором');
      return new Response('10.0.0.1:8080:user:pass\n', { headers: { 'content-type': 'text/plain' } });
    }
    return envelope({ success: false, data: null, error: { message: 'not found', resultCode: 3 } }, 404);
  };
  return { calls, fetchImpl };
}

describe('step-up through the app-wide two-factor dialog', () => {
  it('opens the dialog for an export with passwords, confirms the session, and repeats the export', async () => {
    const server = stepUpServer();
    const services = mountPromptHost(server.fetchImpl);
    const exported = services.client.stream(contract.proxies.export, {
      format: 'ip_port_auth',
      sort: [],
    });

    const dialog = await screen.findByRole('dialog', { name: 'Двухфакторная аутентификация' });
    expect(dialog.textContent).toContain('открывает или заменяет секретные данные');
    const field = screen.getByLabelText('Код из приложения-аутентификатора');
    fireEvent.change(field, { target: { value: '111111' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' })));
    // The wrong code is refused by user.stepUp: the dialog asks again and says so.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Неверный код'));
    fireEvent.change(screen.getByLabelText('Код из приложения-аутентификатора'), {
      target: { value: '654321' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' })));

    const response = await exported;
    expect(await response.text()).toBe('10.0.0.1:8080:user:pass\n');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.map((c) => c.path)).toEqual([
      contract.proxies.export.path,
      contract.user.stepUp.path,
      contract.user.stepUp.path,
      contract.proxies.export.path,
    ]);
    // The codes went to user.stepUp only; the export was repeated exactly as first sent.
    expect(server.calls[3]!.body).toEqual(server.calls[0]!.body);
  });
});
