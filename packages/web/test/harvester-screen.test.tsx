import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { HarvesterSession } from '@tradedeck/sdk/contract';
import { contract } from '@tradedeck/sdk/contract';
import { type RefObject, useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../src/app/app-services.ts';
import { ProfileEditorDialog } from '../src/features/harvester/profile-editor-dialog.tsx';
import { ProgressHeader } from '../src/features/harvester/progress-header.tsx';
import { SessionActionsBar } from '../src/features/harvester/session-actions-bar.tsx';
import {
  type HarvesterActions,
  type HarvesterScreen,
  useHarvesterActions,
} from '../src/features/harvester/use-harvester-actions.tsx';
import { type AppServices, ServicesProvider } from '../src/shared/app-services.tsx';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';
import { operationKey } from '../src/shared/queries/operation-query.ts';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

const RUNNING_TEXT =
  'Нельзя перезапустить или отменить транзакции во время работы сессии: сначала поставьте её на паузу';

/** A server answering the harvester operations the screen calls, recording every request. */
function harvesterServer() {
  const requests: Array<{ method: string; path: string; body: Record<string, unknown> | null }> = [];
  const ok = (data: unknown) =>
    new Response(JSON.stringify({ success: true, data, error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    requests.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/harvester/profiles' && method === 'POST') {
      return ok({ ...body, id: 4, isDefault: true, createdAt: NOW, updatedAt: NOW });
    }
    if (url.pathname.endsWith('/transactions/restart') || url.pathname.endsWith('/transactions/cancel')) {
      return ok({ succeededIds: [31, 32], failed: [] });
    }
    return ok([]);
  };
  return { fetchImpl, requests, writes: () => requests.filter((request) => request.method !== 'GET') };
}

const NOW = '2026-11-26T10:00:00.000Z';

const controls: ModalControls = {
  id: 1,
  close: () => {},
  dismiss: () => {},
  openChild: () => Promise.reject(),
};

function renderWithServices(node: React.ReactNode, fetchImpl: typeof fetch): AppServices {
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
  const i18n = createI18n('ru');
  const services = createAppServices(i18n, 'http://tradedeck.test', fetchImpl);
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <MemoryRouter>{node}</MemoryRouter>
        </QueryClientProvider>
      </ServicesProvider>
    </I18nextProvider>,
  );
  return services;
}

function session(status: HarvesterSession['status'], errors = 2): HarvesterSession {
  return {
    id: 9,
    name: 'Сессия 9',
    status,
    profile: { id: 4, name: 'Основной' },
    sources: [{ id: 1, login: 'farm_1' }],
    targets: [{ id: 2, login: 'main_1' }],
    counts: {
      preparing: 0,
      authentication: 0,
      inventory_scan: 0,
      trading: 1,
      confirmation: 0,
      accepting_trade: 0,
      target_confirmation: 0,
      verifying: 0,
      completed: 5,
      cancelled: 0,
      error: errors,
      reversed: 0,
    },
    plan: { eligible: 100, planned: 100, leftover: 0, runs: 1, failedAccounts: [] },
    currentRun: 1,
    itemsMoved: 80,
    valueMoved: [{ currency: 'RUB', amount: 12_550 }],
    createdAt: NOW,
    startedAt: NOW,
    finishedAt: null,
    completedAt: null,
  } as HarvesterSession;
}

describe('profile editor', { timeout: 30_000 }, () => {
  it('shows every broken rule under its field, the game rule in the spec words, and sends nothing', async () => {
    const server = harvesterServer();
    renderWithServices(<ProfileEditorDialog controls={controls} currency="RUB" />, server.fetchImpl);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByLabelText('Только выбранные'));
    fireEvent.change(screen.getByLabelText('Порог стоимости предмета'), { target: { value: '1,234' } });
    fireEvent.change(screen.getByLabelText('Максимум предметов с источника'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(screen.getByTestId('error-games').textContent).toBe('Выберите хотя бы одну игру');
    expect(screen.getByLabelText('Название').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Минимум 3 символа', { selector: '[role=alert]' })).toBeTruthy();
    // RUB has two decimals: a third one is refused rather than rounded.
    expect(screen.getByLabelText('Порог стоимости предмета').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Максимум предметов с источника').getAttribute('aria-invalid')).toBe('true');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(server.writes()).toEqual([]);
  });

  it('sends integer money, the chosen games and the priority order reordered by keyboard', async () => {
    const server = harvesterServer();
    renderWithServices(<ProfileEditorDialog controls={controls} currency="RUB" />, server.fetchImpl);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: '  Фарм CS2 ' } });
    fireEvent.click(screen.getByLabelText('Только выбранные'));
    fireEvent.click(screen.getByLabelText('Counter-Strike 2'));
    fireEvent.change(screen.getByLabelText('Порог стоимости предмета'), { target: { value: '12,5' } });
    fireEvent.change(screen.getByLabelText('Лимит суммы возврата'), { target: { value: '1 000' } });
    fireEvent.change(screen.getByLabelText('Максимум предметов возврата'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Максимальная цена предмета'), { target: { value: '250.99' } });
    // The first type moves down by one with Alt+↓.
    const first = screen.getByTestId('priority-list').querySelector('[data-priority="tradingCards"]')!;
    fireEvent.keyDown(first, { key: 'ArrowDown', altKey: true });
    const order = [...screen.getByTestId('priority-list').querySelectorAll('[data-priority]')].map((node) =>
      node.getAttribute('data-priority'),
    );
    expect(order).toEqual(['emoticons', 'tradingCards', 'backgrounds']);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(server.writes()).toHaveLength(1));
    const body = server.writes()[0]!.body!;
    expect(body.name).toBe('Фарм CS2');
    expect(body.games).toEqual({ mode: 'whitelist', list: ['cs2'] });
    expect(body.giveBack).toMatchObject({
      itemValueThreshold: { currency: 'RUB', amount: 1250 },
      totalReturnValueLimit: { currency: 'RUB', amount: 100_000 },
      maxReturnItems: 10,
      itemTypePriority: ['emoticons', 'tradingCards', 'backgrounds'],
    });
    expect(body.maxItemPrice).toEqual({ currency: 'RUB', amount: 25_099 });
    expect(body.maxItems).toBeNull();
  });
});

/** The screen's actions over a session tab (#9) whose selection the test sets. */
const harness: { actions: HarvesterActions | null; selected: number[] } = { actions: null, selected: [] };
function Harness() {
  const screenRef = useRef<HarvesterScreen>({
    tab: 9,
    selectedTransactionIds: () => harness.selected,
    currency: 'RUB',
    openSession() {},
    showTab() {},
    stepTab() {},
    closeTab() {},
    toggleFilter() {},
  });
  harness.actions = useHarvesterActions(screenRef as RefObject<HarvesterScreen>);
  return null;
}

describe('a finished session', { timeout: 30_000 }, () => {
  it('reads as finished and offers a new session instead of Resume; waiting transactions are queued', () => {
    const server = harvesterServer();
    let asked = 0;
    const actions = {
      newSession() {
        asked += 1;
      },
      start() {},
      pause() {},
      complete() {},
      restartErrored() {},
      cancelActive() {},
    };
    const idle = session('idle', 0);
    const finished = { ...idle, finishedAt: NOW, counts: { ...idle.counts, trading: 0 } };
    renderWithServices(
      <ProgressHeader
        session={finished}
        actions={<SessionActionsBar session={finished} selectedCount={0} actions={actions} />}
      />,
      server.fetchImpl,
    );
    expect(screen.getByText('Завершена').getAttribute('data-session-status')).toBe('finished');
    expect(screen.queryByRole('button', { name: 'Продолжить' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Новая сессия' }));
    expect(asked).toBe(1);
    cleanup();

    // Errored ones restarted on a paused session wait for it: queued, not in progress.
    const paused = session('paused', 0);
    renderWithServices(
      <ProgressHeader
        session={paused}
        actions={<SessionActionsBar session={paused} selectedCount={0} actions={actions} />}
      />,
      server.fetchImpl,
    );
    expect(screen.getByTestId('progress-active').textContent).toBe('В очереди: 1');
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeTruthy();
  });
});

describe('restart and cancel gating', { timeout: 30_000 }, () => {
  it('disables restart and cancel while the session runs, saying why; enables them when paused', () => {
    const server = harvesterServer();
    const noop = {
      newSession() {},
      start() {},
      pause() {},
      complete() {},
      restartErrored() {},
      cancelActive() {},
    };
    renderWithServices(
      <SessionActionsBar session={session('running')} selectedCount={0} actions={noop} />,
      server.fetchImpl,
    );
    const restart = screen.getByRole('button', { name: /Перезапустить ошибочные/ });
    const cancel = screen.getByRole('button', { name: 'Отменить активные' });
    expect(restart.hasAttribute('disabled')).toBe(true);
    expect(cancel.hasAttribute('disabled')).toBe(true);
    expect(restart.getAttribute('title')).toBe(RUNNING_TEXT);
    expect(screen.getByTestId('gating-note').textContent).toBe(RUNNING_TEXT);
    cleanup();

    renderWithServices(
      <SessionActionsBar session={session('paused')} selectedCount={0} actions={noop} />,
      server.fetchImpl,
    );
    expect(
      screen.getByRole('button', { name: /Перезапустить ошибочные \(2\)/ }).hasAttribute('disabled'),
    ).toBe(false);
    expect(screen.getByRole('button', { name: 'Отменить активные' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('gating-note')).toBeNull();
  });

  it('refuses the commands (hotkeys, palette) while running without calling the server, and sends them when paused', async () => {
    const server = harvesterServer();
    harness.selected = [];
    const services = renderWithServices(<Harness />, server.fetchImpl);
    const key = operationKey(contract.harvester.getSession, { id: 9 });

    services.queryClient.setQueryData(key, session('running'));
    await act(async () => harness.actions!.restartErrored());
    await act(async () => harness.actions!.cancelActive());
    expect(server.writes()).toEqual([]);
    expect(services.toasts.toasts.map((toast) => toast.text).join('\n')).toContain(RUNNING_TEXT);

    services.queryClient.setQueryData(key, session('unknown'));
    await act(async () => harness.actions!.restartErrored());
    expect(server.writes()).toEqual([]);

    services.queryClient.setQueryData(key, session('paused'));
    await act(async () => harness.actions!.restartErrored());
    harness.selected = [31, 32];
    await act(async () => harness.actions!.cancelActive());
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[0]).toMatchObject({
      path: '/api/harvester/sessions/9/transactions/restart',
      body: { transactionIds: [], all: true },
    });
    expect(server.writes()[1]).toMatchObject({
      path: '/api/harvester/sessions/9/transactions/cancel',
      body: { transactionIds: [31, 32], all: false },
    });
    await waitFor(() =>
      expect(services.toasts.toasts.map((toast) => toast.text)).toContain('Отменены 2 транзакции'),
    );
  });
});
