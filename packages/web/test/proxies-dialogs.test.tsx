import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProxyRow } from '@tradedeck/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AddProxiesDialog } from '../src/features/proxies/add-proxies-dialog.tsx';
import { ProxyViewDialog } from '../src/features/proxies/proxy-view-dialog.tsx';
import { RunningChecks } from '../src/features/proxies/running-checks.ts';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';

import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const stored: ProxyRow = {
  id: 7,
  proxyName: 'Main',
  identity: { protocol: 3, address: '10.0.0.7', port: 1080 },
  credentials: { username: 'bob', hasPassword: true },
  metadata: { countryCode: 'DE' },
  steamAccounts: [{ id: 3, login: 'trader_one' }],
  tags: [{ id: 1, name: 'RU' }],
  status: 2,
  lastCheck: {
    checkedAt: new Date().toISOString(),
    valid: true,
    latencyMs: 120,
    exitIp: '10.0.0.7',
    errorClass: null,
  },
  createdAt: '2026-11-22T05:00:00.000Z',
};

/** A server answering the proxy operations the dialogs call, recording every request body. */
function proxyServer(passwordChanges: Array<{ line: number; proxyId: number }> = []) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const ok = (data: unknown) =>
    new Response(JSON.stringify({ success: true, data, error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    requests.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/proxies/tags') {
      return ok([
        { id: 1, name: 'RU', count: 4 },
        { id: 2, name: 'Rotating', count: 1 },
      ]);
    }
    if (url.pathname === '/api/proxies/7' && method === 'GET') return ok(stored);
    if (url.pathname === '/api/proxies/7/credentials') {
      const credentials = body.credentials;
      return ok({
        ...stored,
        credentials: credentials ? { username: credentials.username, hasPassword: true } : null,
      });
    }
    if (url.pathname === '/api/proxies/7/name') return ok({ ...stored, proxyName: body.name });
    if (url.pathname === '/api/proxies/parse') {
      return ok({ proxies: [], invalid: [], duplicates: [], passwordChanges });
    }
    if (url.pathname === '/api/proxies' && method === 'POST') {
      return ok({
        addedIds: [11],
        updatedIds: body.updatePasswords ? passwordChanges.map((change) => change.proxyId) : [],
        duplicates: [{ line: 2, text: '1.2.3.4:80', code: 'duplicate', message: 'Прокси уже существует' }],
        invalid: [{ line: 3, text: 'bad', code: 'invalid_format', message: 'Неверный формат строки' }],
      });
    }
    return new Response(
      JSON.stringify({ success: false, data: null, error: { message: 'nf', resultCode: 3 } }),
      {
        status: 404,
      },
    );
  };
  return { fetchImpl, requests };
}

const controls: ModalControls = {
  id: 1,
  close: () => {},
  dismiss: () => {},
  openChild: () => Promise.reject(),
};

describe('add proxies dialog', () => {
  it('previews the list 500 ms after typing, with invalid lines and repeats, then shows what the save did', async () => {
    const server = proxyServer();
    renderWithServices(<AddProxiesDialog controls={controls} />, server.fetchImpl);
    const text = ['1.2.3.4:80', '1.2.3.4:80', 'bad', '5.6.7.8:99999'].join('\n');
    fireEvent.change(screen.getByLabelText('Список прокси'), { target: { value: text } });
    const preview = screen.getByTestId('add-preview');
    expect(preview.textContent).toBe('Разбор списка…');
    // Nothing is parsed before the delay…
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(preview.textContent).toBe('Разбор списка…');
    // …and the preview is there after it.
    await waitFor(() =>
      expect(screen.getByTestId('preview-ready').textContent).toBe('1 прокси готов к добавлению'),
    );
    const invalid = screen.getByTestId('preview-invalid');
    expect([...invalid.querySelectorAll('li[data-line]')].map((li) => li.getAttribute('data-line'))).toEqual([
      '3',
      '4',
    ]);
    expect(invalid.textContent).toContain('Порт должен быть числом от 1 до 65535');
    expect(screen.getByTestId('preview-duplicates').textContent).toContain('повтор строки 1');
    // The list is read in the browser; the server is asked only which lines are known proxies with a new password.
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/proxies/parse')).toBe(true));
    expect(screen.queryByTestId('preview-password-changes')).toBeNull();

    fireEvent.change(screen.getByLabelText('Протокол по умолчанию'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Тег (необязательно)'), { target: { value: 'rotating' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Сохранить' })).toHaveProperty('disabled', false),
    );
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/proxies/tags')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.getByTestId('added-count').textContent).toBe('Добавлен 1 прокси'));
    const add = server.requests.find(
      (request) => request.path === '/api/proxies' && request.method === 'POST',
    );
    // An existing tag typed in another case is reused, not created again.
    expect(add?.body).toEqual({
      proxies: text,
      defaultProtocol: 3,
      tag: { id: 2, name: 'Rotating' },
      updatePasswords: false,
    });
    expect(
      within(screen.getByTestId('add-result')).getByText('Некоторые прокси уже существуют: 1'),
    ).toBeTruthy();
    expect(screen.getByTestId('result-invalid').textContent).toContain('Неверный формат строки');
  });

  it('offers to update the password of a known proxy, checked by default, and says what it updated', async () => {
    const server = proxyServer([{ line: 1, proxyId: 7 }]);
    renderWithServices(<AddProxiesDialog controls={controls} />, server.fetchImpl);
    const text = ['bob:new@10.0.0.7:1080', '9.9.9.9:80'].join('\n');
    fireEvent.change(screen.getByLabelText('Список прокси'), { target: { value: text } });
    const offer = await screen.findByTestId('preview-password-changes');
    expect(offer.textContent).toContain('Обновить пароль у 1 уже добавленного прокси (тот же адрес и логин)');
    const box = within(offer).getByRole('checkbox') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(screen.getByTestId('updated-count').textContent).toBe('Обновлён пароль у 1 прокси'),
    );
    const add = server.requests.find(
      (request) => request.path === '/api/proxies' && request.method === 'POST',
    );
    expect(add?.body).toMatchObject({ proxies: text, updatePasswords: true });
  });
});

describe('proxy view dialog', () => {
  it('enables Save only after a change and sends credentials as null when login and password are cleared', async () => {
    const server = proxyServer();
    renderWithServices(
      <ProxyViewDialog controls={controls} id={7} tracker={new RunningChecks()} onCheck={() => {}} />,
      server.fetchImpl,
      'en',
    );
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(screen.getByText('trader_one')).toBeTruthy();

    const login = screen.getByLabelText('Login');
    fireEvent.change(login, { target: { value: 'alice' } });
    expect(save).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('Enter the password again for the new login');
    fireEvent.change(login, { target: { value: 'bob' } });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(login, { target: { value: '' } });
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === '/api/proxies/7/credentials')?.body).toEqual({
        credentials: null,
      }),
    );
    expect(server.requests.some((r) => r.path === '/api/proxies/7/name')).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true),
    );
  });

  it('offers existing tags the proxy lacks and "add new" only for typed text', async () => {
    const server = proxyServer();
    renderWithServices(
      <ProxyViewDialog controls={controls} id={7} tracker={new RunningChecks()} onCheck={() => {}} />,
      server.fetchImpl,
      'en',
    );
    const picker = await screen.findByTestId('tag-picker');
    await waitFor(() => expect(within(picker).getByRole('button', { name: 'Rotating' })).toBeTruthy());
    expect(within(picker).queryByRole('button', { name: 'RU' })).toBeNull();
    expect(within(picker).queryByText(/Add new tag/)).toBeNull();
    fireEvent.change(within(picker).getByPlaceholderText('Find a tag or type a new one'), {
      target: { value: '  ' },
    });
    expect(within(picker).queryByText(/Add new tag/)).toBeNull();
    expect(within(picker).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);
    fireEvent.change(within(picker).getByPlaceholderText('Find a tag or type a new one'), {
      target: { value: 'Fresh' },
    });
    expect(within(picker).getByText('Add new tag "Fresh"')).toBeTruthy();
  });
});
