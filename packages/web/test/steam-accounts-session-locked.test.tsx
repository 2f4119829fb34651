import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ViewAccountDialog } from '../src/features/steam-accounts/view-dialog.tsx';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const controls: ModalControls = {
  id: 1,
  close: () => {},
  dismiss: () => {},
  openChild: () => Promise.reject(new Error('no child')),
};

/** A server that knows one account, in error with the given reason; every other call is not found. */
function accountServer(reason: string, lastError: string): typeof fetch {
  return async (input) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/steam-accounts/7') {
      const row = {
        id: 7,
        login: 'trader7',
        steamId: '76561198000000007',
        avatarUri: null,
        proxyId: null,
        proxy: null,
        tags: [],
        balances: [],
        accountStatus: 2,
        createdAt: new Date().toISOString(),
        lastLoginAt: null,
        lastError,
        lastErrorReason: reason,
      };
      return new Response(JSON.stringify({ success: true, data: row, error: null }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(
      JSON.stringify({ success: false, data: null, error: { message: 'nf', resultCode: 3 } }),
      {
        status: 404,
      },
    );
  };
}

const open = (fetchImpl: typeof fetch, language: 'ru' | 'en' = 'ru') =>
  renderWithServices(
    <ViewAccountDialog controls={controls} accountId={7} onCopyCode={() => {}} onRemove={() => {}} />,
    fetchImpl,
    language,
  );

describe('a Steam account whose sign-ins Steam has locked', () => {
  it('shows "Сеанс заблокирован" on the account with what to do', async () => {
    open(accountServer('authenticationProblem', 'Проблема аутентификации (бесконечные попытки входа)'));
    const notice = await screen.findByTestId('session-locked', {}, { timeout: 10_000 });
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('Сеанс заблокирован');
    expect(notice.textContent).toContain('каждая попытка продлевает запрет');
    expect(screen.getByTestId('account-view-error').textContent).toContain('Проблема аутентификации');
  });

  it('says it in English too', async () => {
    open(accountServer('authenticationProblem', 'Authentication problem (endless login attempts)'), 'en');
    const notice = await screen.findByTestId('session-locked', {}, { timeout: 10_000 });
    expect(notice.textContent).toContain('Session locked');
    expect(notice.textContent).toContain('every attempt extends the lock');
  });

  it('shows no lock for another sign-in failure', async () => {
    open(accountServer('invalidPassword', 'Неверный пароль'));
    await screen.findByTestId('account-view-error', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('session-locked')).toBeNull();
  });
});
