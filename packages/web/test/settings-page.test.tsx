import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../src/app/app-services.ts';
import { SettingsPage } from '../src/features/settings/settings-page.tsx';
import { ServicesProvider } from '../src/shared/app-services.tsx';
import { ToastHost } from '../src/shared/toasts/toast-host.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

/** A server answering the settings operations in the envelope of the API; PUT answers when released. */
function settingsServer(updateOk: boolean, chosen = true) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const envelope = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/settings' && (init?.method ?? 'GET') === 'GET') {
      return envelope({
        success: true,
        data: { displayedCurrency: 'RUB', tmPreferredCurrency: 'USD', chosen },
        error: null,
      });
    }
    if (url.pathname === '/api/settings' && init?.method === 'PUT') {
      await gate;
      return updateOk
        ? envelope({ success: true, data: { ...JSON.parse(String(init.body)), chosen: true }, error: null })
        : envelope(
            {
              success: false,
              data: null,
              error: { message: 'нет', resultCode: 8, errorDetails: null, traceId: 't' },
            },
            422,
          );
    }
    return envelope({ success: false, data: null, error: { message: 'not found', resultCode: 3 } }, 404);
  };
  return { fetchImpl, release: () => release() };
}

function renderPage(fetchImpl: typeof fetch, language: 'ru' | 'en' = 'ru') {
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
  const i18n = createI18n(language);
  const services = createAppServices(i18n, 'http://tradedeck.test', fetchImpl);
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <MemoryRouter>
            <SettingsPage />
            <ToastHost />
          </MemoryRouter>
        </QueryClientProvider>
      </ServicesProvider>
    </I18nextProvider>,
  );
}

const displayed = (legend = 'Валюта отображения') =>
  screen.getByRole('group', { name: legend }).querySelector('[aria-pressed="true"]')?.textContent;

describe('settings page', () => {
  it('shows a currency change at once and rolls it back with "Ошибка обновления настроек"', async () => {
    const server = settingsServer(false);
    renderPage(server.fetchImpl);
    await waitFor(() => expect(displayed()).toContain('RUB'));
    fireEvent.click(screen.getAllByRole('button', { name: /EUR/ })[0]!);
    // Before the server has answered.
    await waitFor(() => expect(displayed()).toContain('EUR'));
    await act(async () => server.release());
    await waitFor(() => expect(displayed()).toContain('RUB'));
    expect(await screen.findByText('🚨 Ошибка обновления настроек')).toBeTruthy();
  });

  it('keeps the change the server accepts', async () => {
    const server = settingsServer(true);
    server.release();
    renderPage(server.fetchImpl);
    await waitFor(() => expect(displayed()).toContain('RUB'));
    fireEvent.click(screen.getAllByRole('button', { name: /USD/ })[0]!);
    await waitFor(() => expect(displayed()).toContain('USD'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(displayed()).toContain('USD');
    expect(screen.queryByText(/Ошибка обновления настроек/)).toBeNull();
  });

  it('shows the language’s default until the user chooses: Russian RUB, English USD', async () => {
    const ru = settingsServer(true, false);
    ru.release();
    renderPage(ru.fetchImpl, 'ru');
    await waitFor(() => expect(displayed()).toContain('RUB'));
    expect(displayed('Предпочитаемая валюта на Market.CSGO (TM)')).toContain('RUB');
    cleanup();
    const en = settingsServer(true, false);
    en.release();
    renderPage(en.fetchImpl, 'en');
    await waitFor(() => expect(displayed('Displayed currency')).toContain('USD'));
  });

  it('saves the language’s default as a choice when the user picks it', async () => {
    const puts: unknown[] = [];
    const server = settingsServer(true, false);
    server.release();
    const fetchImpl: typeof fetch = async (input, init) => {
      if (init?.method === 'PUT') puts.push(JSON.parse(String(init.body)));
      return server.fetchImpl(input, init);
    };
    renderPage(fetchImpl, 'en');
    await waitFor(() => expect(displayed('Displayed currency')).toContain('USD'));
    fireEvent.click(screen.getAllByRole('button', { name: /USD/ })[0]!);
    await waitFor(() => expect(puts).toEqual([{ displayedCurrency: 'USD', tmPreferredCurrency: 'USD' }]));
  });
});
