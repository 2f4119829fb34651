import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SteamAccountRow } from '@tradedeck/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplaceMafile } from '../src/features/steam-accounts/replace-mafile.tsx';

import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const STEAM_ID = '76561198000000011';
const account: SteamAccountRow = {
  id: 5,
  login: 'trader_one',
  steamId: STEAM_ID,
  avatarUri: null,
  proxyId: 3,
  proxy: { address: '10.0.0.3', port: 8080 },
  tags: [{ id: 1, name: 'Farm' }],
  balances: [],
  accountStatus: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastLoginAt: null,
  lastError: null,
};

/** A maFile as SDA writes it: the SteamID a bare 17-digit number. */
const mafile = (login: string, steamId: string, extra = '') =>
  `{"shared_secret":"MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=","account_name":"${login}",${extra}"Session":{"SteamID":${steamId}}}`;

/**
 * A server answering the replacement, recording every call that changes something (reads, such as the workspace
 * list the buttons' role comes from, are not what is asked here); `refuse` makes it answer the server's refusal.
 */
function credentialsServer(refuse?: string) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      requests.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
    }
    if (url.pathname === '/api/steam-accounts/5/credentials' && method === 'PUT') {
      if (refuse) {
        return new Response(
          JSON.stringify({ success: false, data: null, error: { message: refuse, resultCode: 7 } }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      }
      const data = {
        hasPassword: true,
        hasSharedSecret: true,
        hasIdentitySecret: false,
        hasRevocationCode: false,
        hasRefreshToken: false,
        refreshTokenExpiresAt: null,
      };
      return new Response(JSON.stringify({ success: true, data, error: null }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ success: true, data: null, error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchImpl, requests };
}

const renderReplace = (fetchImpl: typeof fetch, language: 'ru' | 'en') =>
  renderWithServices(<ReplaceMafile row={account} />, fetchImpl, language);

/** Picks a file in the input (jsdom's File has no text(): the browser's is given). */
const pick = (label: string, name: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), {
    target: { files: [Object.assign(new File([text], name), { text: async () => text })] },
  });

describe('Replace maFile in the account view', () => {
  it("refuses, under the field, what the maFile reader refuses and another account's file, sending nothing", async () => {
    const server = credentialsServer();
    renderReplace(server.fetchImpl, 'en');
    const button = screen.getByRole('button', { name: 'Replace maFile' });
    expect(button).toHaveProperty('disabled', true);

    pick('New maFile', 'trader_one.txt', mafile('trader_one', STEAM_ID));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The file extension must be .mafile'),
    );

    pick('New maFile', 'trader_one.maFile', '{"account_name": "trader_one"');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The file is not valid JSON'));

    pick('New maFile', 'x.maFile', mafile('trader_two', '76561198000000012'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        `The maFile belongs to another account: the file is for trader_two, SteamID 76561198000000012, this account is trader_one, SteamID ${STEAM_ID}`,
      ),
    );
    expect(screen.getByLabelText('New maFile').getAttribute('aria-invalid')).toBe('true');
    expect(button).toHaveProperty('disabled', true);
    expect(server.requests).toEqual([]);
  });

  it('sends the picked file as it is and says so; the hint promises proxy, tags and password stay', async () => {
    const server = credentialsServer();
    const services = renderReplace(server.fetchImpl, 'ru');
    expect(screen.getByText('Прокси, теги и пароль аккаунта останутся прежними')).toBeTruthy();
    const text = mafile('Trader_One', STEAM_ID, '"revocation_code":"R12345",');
    pick('Новый мафайл', 'trader_one.maFile', text);
    const button = screen.getByRole('button', { name: 'Заменить мафайл' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(services.toasts.toasts.map((toast) => toast.text)).toContain('Мафайл заменён'),
    );
    expect(server.requests).toEqual([
      { method: 'PUT', path: '/api/steam-accounts/5/credentials', body: { mafile: text } },
    ]);
  });

  it("shows the server's refusal under the field", async () => {
    const refusal =
      'Мафайл принадлежит другому аккаунту: в файле trader_one, SteamID 1, а аккаунт trader_one';
    renderReplace(credentialsServer(refusal).fetchImpl, 'ru');
    pick('Новый мафайл', 'trader_one.maFile', mafile('trader_one', STEAM_ID));
    const button = screen.getByRole('button', { name: 'Заменить мафайл' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(refusal));
  });
});
