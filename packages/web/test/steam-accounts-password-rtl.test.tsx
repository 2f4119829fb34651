import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SteamAccountRow } from '@tradedeck/sdk/contract';
import type { AddRow } from '@tradedeck/sdk/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountDetails } from '../src/features/steam-accounts/account-details.tsx';
import { WizardRows } from '../src/features/steam-accounts/add-wizard/wizard-rows.tsx';
import { ViewAccountDialog } from '../src/features/steam-accounts/view-dialog.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const account: SteamAccountRow = {
  id: 5,
  login: 'trader_one',
  steamId: '76561198000000011',
  avatarUri: null,
  proxyId: null,
  proxy: null,
  tags: [],
  balances: [],
  accountStatus: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastLoginAt: null,
  lastError: 'Invalid password',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server for the account view: the account, empty lists, and a refusal of the new password. */
function accountServer(passwordRefusal: string) {
  const passwordCalls: unknown[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/steam-accounts/5/password' && method === 'PUT') {
      passwordCalls.push(JSON.parse(String(init?.body)));
      return json(
        { success: false, data: null, error: { message: passwordRefusal, resultCode: 10, traceId: 't' } },
        400,
      );
    }
    if (url.pathname === '/api/steam-accounts/5') return json({ success: true, data: account, error: null });
    if (url.pathname.endsWith('/tags')) return json({ success: true, data: [], error: null });
    if (url.pathname.endsWith('/credentials-status') || url.pathname.endsWith('/credentials')) {
      const data = {
        hasPassword: true,
        hasSharedSecret: true,
        hasIdentitySecret: true,
        hasRevocationCode: false,
        hasRefreshToken: true,
        refreshTokenExpiresAt: null,
      };
      return json({ success: true, data, error: null });
    }
    return json({ success: true, data: { items: [], total: 0, page: 1, pageSize: 100 }, error: null });
  };
  return { fetchImpl, passwordCalls };
}

/** Classes that place things by physical side: wrong in a right-to-left layout. */
const PHYSICAL =
  /(^|\s)(-?m[lr]-|p[lr]-|text-(left|right)|(border|rounded)-[lr](-|\s|$)|left-|right-|float-(left|right))/;

function physicalClasses(root: ParentNode): string[] {
  return [...root.querySelectorAll('[class]')]
    .map((element) => element.getAttribute('class') ?? '')
    .filter((name) => PHYSICAL.test(name));
}

describe('the account view dialog and the add wizard in both directions, with password errors under the field', () => {
  it('shows a refused new password under its field (not only in a toast), and clears it when the field changes', async () => {
    const message = 'Пароль слишком длинный';
    const server = accountServer(message);
    renderWithServices(<AccountDetails row={account} />, server.fetchImpl, 'ru');
    const field = screen.getByLabelText('Новый пароль');
    fireEvent.change(field, { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(server.passwordCalls).toEqual([{ password: 'new-secret' }]);
    const under = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(under.getAttribute('role')).toBe('alert');
    expect(under.textContent).toBe(message);
    // The message sits right under the field's form, not elsewhere in the dialog.
    expect(field.closest('section')!.contains(under)).toBe(true);
    fireEvent.change(field, { target: { value: 'new-secret-2' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(message)).toBeNull();
  });

  it('the view dialog uses logical sides only (mirrors under dir="rtl")', async () => {
    const server = accountServer('x');
    document.documentElement.dir = 'rtl';
    renderWithServices(
      <ViewAccountDialog
        controls={{ close: () => {}, dismiss: () => {} } as never}
        accountId={5}
        onCopyCode={() => {}}
        onRemove={() => {}}
      />,
      server.fetchImpl,
      'en',
    );
    await screen.findByTestId('account-view');
    await screen.findByLabelText('New password');
    expect(physicalClasses(document.body)).toEqual([]);
    document.documentElement.dir = '';
  });

  it('the wizard rows show a refused or missing password under the row’s password field, with logical sides', () => {
    const row = (login: string, change: Partial<AddRow>): AddRow => ({
      key: login,
      login,
      password: null,
      mafile: '{}',
      mafileName: `${login}.maFile`,
      steamId: null,
      proxyId: null,
      proxyData: null,
      status: 'pending',
      reason: null,
      ...change,
    });
    const edits: AddRow[][] = [];
    renderWithServices(
      <WizardRows
        rows={[
          row('alpha', { password: 'wrong', status: 'error', reason: 'invalidPassword' }),
          row('bravo', { status: 'error', reason: 'passwordNotSet' }),
          row('charlie', { password: 'fine' }),
        ]}
        details={new Map()}
        notes={new Map()}
        mode="multiple"
        disabled={false}
        onRows={(rows) => edits.push(rows)}
      />,
      (async () => json({ success: true, data: null, error: null })) as typeof fetch,
      'en',
    );
    const alpha = screen.getByLabelText('Password alpha');
    expect(alpha.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(alpha.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Invalid password',
    );
    const bravo = screen.getByLabelText('Password bravo');
    expect(document.getElementById(bravo.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Password not set',
    );
    // A password that was not refused stays hidden, with no field.
    expect(screen.queryByLabelText('Password charlie')).toBeNull();
    // Typing a new password and leaving the field sends the row back as ready.
    fireEvent.change(alpha, { target: { value: 'right' } });
    fireEvent.blur(alpha);
    expect(edits.at(-1)!.find((r) => r.login === 'alpha')).toMatchObject({
      password: 'right',
      status: 'pending',
      reason: null,
    });
    expect(physicalClasses(document.body)).toEqual([]);
  });
});
