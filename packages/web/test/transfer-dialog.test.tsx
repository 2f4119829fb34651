import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransferDialog } from '../src/features/transfer/transfer-dialog.tsx';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

const account = (id: number, login: string, currency: 'USD' | 'RUB', amount: number) => ({
  id,
  login,
  currency,
  marketCurrency: null,
  balance: { currency, amount },
  balanceUpdatedAt: new Date().toISOString(),
  savedKeyMasked: null,
  savedKeyMismatch: false,
  hasSavedPaymentPassword: false,
});

/** A server with three TM accounts (two in USD, one in RUB) that records the transfers it is sent. */
function transferServer() {
  const sent: Record<string, unknown>[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data, error: null }), {
        headers: { 'content-type': 'application/json' },
      });
    if (path === '/api/transfer/tm-accounts') {
      return ok({
        items: [
          account(1, 'alice', 'USD', 50_000),
          account(2, 'bob', 'USD', 0),
          account(3, 'boris', 'RUB', 0),
        ],
      });
    }
    if (path === '/api/transfer') {
      sent.push(body);
      return ok({
        id: 9,
        customId: 'td-1',
        fromId: body.fromId,
        fromLogin: 'alice',
        toId: body.toId,
        toLogin: 'bob',
        amount: body.amount,
        received: body.amount,
        outcome: 'sent',
        failure: null,
        message: null,
        checks: [],
        createdAt: new Date().toISOString(),
        settledAt: new Date().toISOString(),
      });
    }
    return new Response(
      JSON.stringify({ success: false, data: null, error: { message: 'nf', resultCode: 3 } }),
      {
        status: 404,
      },
    );
  };
  return { fetchImpl, sent };
}

const controls: ModalControls = {
  id: 1,
  close: () => {},
  dismiss: () => {},
  openChild: () => Promise.reject(new Error('no child')),
};

async function openDialog() {
  const server = transferServer();
  renderWithServices(<TransferDialog controls={controls} />, server.fetchImpl);
  await screen.findAllByRole('option', { name: /alice/ }, { timeout: 10_000 });
  return server;
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const change = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('balance transfer dialog', { timeout: 30_000 }, () => {
  it('checks the spec rules on every field and sends only a whole valid form, in the sender units', async () => {
    const server = await openDialog();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('form-alert').textContent).toBe('Проверка данных не пройдена: исправьте поля');
    expect(screen.getAllByText('Выберите аккаунт').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Введите API-ключ получателя')).toBeTruthy();
    expect(screen.getByText('Введите сумму')).toBeTruthy();
    expect(screen.getByText('Введите платёжный пароль')).toBeTruthy();
    expect((screen.getByTestId('transfer-submit') as HTMLButtonElement).disabled).toBe(true);

    change('Отправитель', '1');
    change('Получатель', '2');
    change('API-ключ получателя', 'short');
    expect(screen.getByText('API-ключ недействителен: не короче 10 символов')).toBeTruthy();
    change('Сумма', '0');
    expect(screen.getByText('Сумма должна быть больше 0')).toBeTruthy();
    change('Сумма', '50.001');
    expect(screen.getByText('Недостаточно средств на балансе')).toBeTruthy();
    change('Платёжный пароль', '12345');
    expect(screen.getByText('Платёжный пароль не короче 6 символов')).toBeTruthy();
    expect(server.sent).toHaveLength(0);

    change('API-ключ получателя', 'ReceiverKey-0123');
    change('Сумма', '10,5');
    change('Платёжный пароль', '123456');
    expect(screen.queryByTestId('form-alert')).toBeNull();
    // Same currency: no warning, no wait.
    expect(screen.queryByTestId('currency-warning')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toMatchObject({
      fromId: 1,
      toId: 2,
      amount: { currency: 'USD', amount: 10_500 },
      apiKey: 'ReceiverKey-0123',
      paymentPassword: '123456',
      acceptConversion: false,
    });
    expect((await screen.findByTestId('transfer-outcome')).textContent).toContain('Отправлено');
    // The form cleared: a second click sends nothing again.
    expect(field('Сумма').value).toBe('');
    expect(field('Платёжный пароль').value).toBe('');
    await act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));
    expect(screen.getByTestId('form-alert')).toBeTruthy();
    expect(server.sent).toHaveLength(1);
  });

  it('warns when the currencies differ and enables the confirm action only after 5 s, counting down', async () => {
    const server = await openDialog();
    vi.useFakeTimers({ shouldAdvanceTime: false });
    change('Отправитель', '1');
    change('Получатель', '3');
    change('API-ключ получателя', 'ReceiverKey-0123');
    change('Сумма', '1');
    change('Платёжный пароль', '123456');
    expect(screen.getByTestId('currency-warning').textContent).toContain('Валюты аккаунтов различаются');
    const submit = () => screen.getByTestId('transfer-submit') as HTMLButtonElement;
    expect(submit().textContent).toBe('Подтвердить можно через 5 с');
    expect(submit().disabled).toBe(true);
    fireEvent.click(submit());
    act(() => vi.advanceTimersByTime(2_000));
    expect(submit().textContent).toBe('Подтвердить можно через 3 с');
    expect(submit().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(2_900));
    expect(submit().disabled).toBe(true);
    expect(server.sent).toHaveLength(0);
    act(() => vi.advanceTimersByTime(200));
    expect(submit().textContent).toBe('Подтвердить перевод');
    expect(submit().disabled).toBe(false);
    vi.useRealTimers();
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toMatchObject({
      toId: 3,
      acceptConversion: true,
      amount: { currency: 'USD', amount: 1_000 },
    });

    // Choosing a receiver in the same currency takes the warning away; back to another currency waits anew.
    change('Получатель', '2');
    expect(screen.queryByTestId('currency-warning')).toBeNull();
  });
});

describe('balance transfer dialog, copying the result', { timeout: 30_000 }, () => {
  afterEach(() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }));

  async function sendOne() {
    const server = await openDialog();
    change('Отправитель', '1');
    change('Получатель', '2');
    change('API-ключ получателя', 'ReceiverKey-0123');
    change('Сумма', '10');
    change('Платёжный пароль', '123456');
    await act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    await screen.findByTestId('transfer-outcome');
  }

  it('shows "Clipboard access failed" with the result selected in a field when the clipboard is missing', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await sendOne();
    fireEvent.click(screen.getByRole('button', { name: 'Копировать результат перевода' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось получить доступ к буферу обмена');
    const manual = screen.getByLabelText('Скопируйте вручную') as HTMLInputElement;
    expect(manual.value).toContain('td-1');
    expect(manual.value).toContain('alice → bob');
    expect(manual.readOnly).toBe(true);
  });

  it('puts the result on the clipboard and says so', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void written.push(text) },
      configurable: true,
    });
    await sendOne();
    fireEvent.click(screen.getByRole('button', { name: 'Копировать результат перевода' }));
    expect((await screen.findByText('Скопировано')).getAttribute('role')).toBe('status');
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('td-1');
    expect(screen.queryByLabelText('Скопируйте вручную')).toBeNull();
  });
});
