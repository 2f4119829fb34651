import { expect, type Page, test } from '@playwright/test';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { screenshot } from './screenshots.ts';

// The harvester screen against a sandbox server of this suite's own: six healthy farm accounts and a
// trade-banned one send to one target; the banned one's transactions end in error until its ban is lifted. The
// banned account is added first, so its transactions are among the first the runner moves, and the simulated Steam
// answers every send late, so the session is still running when they have failed and it is paused.
const world = new SandboxWorld();
const FARMS = world.healthyAccounts(6, 4300);
const [TARGET] = world.healthyAccounts(1, 4320);
const BANNED = world.find('sandbox_trade_ban')!;
const ACCOUNTS = [BANNED, ...FARMS, TARGET!];
const SEND_DELAY_MS = 4000;

let panel: SandboxPanel;
const ids = new Map<string, number>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel('harvester@example.test', 'harvester', {
    TRADEDECK_SANDBOX_SEND_DELAY_MS: String(SEND_DELAY_MS),
  });
  const added = await addSandboxAccounts(panel, ACCOUNTS, '10.43.0');
  for (const row of added) ids.set(row.login, row.id);
});

test.afterAll(async () => {
  await panel?.stop();
});

async function runCommand(page: Page, query: string, option: RegExp) {
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await palette.getByRole('combobox').fill(query);
  await palette.getByRole('option', { name: option }).click();
}

interface SessionRow {
  id: number;
  status: string;
  counts: Record<string, number>;
  finishedAt: string | null;
  completedAt: string | null;
}

test('creates a profile, starts a session from the palette, follows it live, pauses it, restarts the errored ones while paused and completes it', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/harvester');
  await expect(page.getByRole('heading', { name: 'Харвестер' })).toBeVisible();

  // Profiles: the game rule is shown under the field, then a valid profile is saved.
  await page.keyboard.press('o');
  await expect(page.getByRole('tab', { name: 'Профили настроек' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+N');
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Название').fill('Весь фарм');
  await editor.getByLabel('Только выбранные').check();
  await editor.getByRole('button', { name: 'Сохранить' }).click();
  await expect(editor.getByTestId('error-games')).toHaveText('Выберите хотя бы одну игру');
  await editor.getByLabel('Все игры').check();
  await editor.getByLabel('Порог стоимости предмета').fill('0,10');
  await editor.getByRole('button', { name: 'Сохранить' }).click();
  await expect(editor).toBeHidden();
  await expect(page.locator('[data-profile="Весь фарм"]')).toContainText('По умолчанию');

  // A new session from the palette: sources, target, profile, create and start.
  await runCommand(page, 'новая сессия', /Харвестер: новая сессия/);
  const wizard = page.getByRole('dialog');
  for (const farm of [...FARMS, BANNED]) await wizard.getByLabel(farm.login, { exact: true }).check();
  await wizard.getByRole('button', { name: 'Далее' }).click();
  await expect(wizard.getByLabel(FARMS[0]!.login, { exact: true })).toBeDisabled();
  await wizard.getByLabel(TARGET!.login, { exact: true }).check();
  await wizard.getByRole('button', { name: 'Далее' }).click();
  await wizard.getByLabel('Название сессии').fill('Сбор с фермы');
  await wizard.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(wizard).toBeHidden();

  // The session tab opens idle, before its first start.
  await expect(page.getByRole('tab', { name: 'Сбор с фермы' })).toHaveAttribute('aria-selected', 'true');
  const progress = page.getByTestId('session-progress');
  const status = progress.locator('[data-session-status]');
  await expect(status).toHaveAttribute('data-session-status', 'idle');
  await expect(progress).toContainText('Сессия ещё не запускалась');
  // Started from the palette once the tab follows the session live: its transactions stream in over harvester-hub.
  await expect(page.locator('[data-session-id] [data-live-state]')).toHaveAttribute(
    'data-live-state',
    'live',
    {
      timeout: 60_000,
    },
  );
  await runCommand(page, 'запустить', /Харвестер: запустить или продолжить сессию/);
  const grid = page.getByRole('grid', { name: 'Транзакции сессии' });
  await expect(grid.locator('[data-tx-status]').first()).toBeVisible({ timeout: 120_000 });
  await expect
    .poll(async () => Number(await page.getByTestId('events-received').textContent()), { timeout: 120_000 })
    .toBeGreaterThan(0);

  // While it runs, the banned source's transactions fail with their reason; the session is paused then, before the
  // rest has ended.
  const sessionId = Number(await page.locator('[data-session-id]').getAttribute('data-session-id'));
  const read = () => panel.api<SessionRow>(`/api/harvester/sessions/${sessionId}`);
  await expect
    .poll(async () => ((await read()).counts.error ?? 0) > 0, { timeout: 120_000, intervals: [250] })
    .toBe(true);
  await expect(status).toHaveAttribute('data-session-status', 'running');
  // Not while it runs: the restart is refused with the spec's note.
  await expect(page.getByTestId('gating-note')).toBeVisible();
  await expect(page.getByRole('button', { name: /Перезапустить ошибочные/ })).toBeDisabled();
  await page.keyboard.press('p');
  await expect(status).toHaveAttribute('data-session-status', 'paused');
  // The runner stops at the next step boundary: the session has not finished, transactions are left mid-way and
  // nothing moves any more.
  const stillActive = (row: SessionRow) =>
    Object.entries(row.counts)
      .filter(([step]) => !['completed', 'cancelled', 'error'].includes(step))
      .reduce((sum, [, count]) => sum + count, 0);
  let settled = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify((await read()).counts);
        const same = now === settled;
        settled = now;
        return same;
      },
      { timeout: 60_000, intervals: [SEND_DELAY_MS + 1000] },
    )
    .toBe(true);
  const paused = await read();
  expect(paused.status).toBe('paused');
  expect(paused.finishedAt).toBeNull();
  expect(stillActive(paused)).toBeGreaterThan(0);

  // Paused: restart and cancel are allowed. The errored ones are shown with their reason.
  await expect(page.getByTestId('gating-note')).toBeHidden();
  await expect(page.getByRole('button', { name: /Перезапустить ошибочные/ })).toBeEnabled();
  await page.keyboard.press('e');
  await expect(page.getByRole('combobox', { name: 'Статус' })).toHaveValue('error');
  await expect(grid.getByTestId('tx-error').first()).toBeVisible();
  await expect(grid.locator('[data-tx-status]:not([data-tx-status="error"])')).toHaveCount(0);
  await screenshot(page, 'harvester-errors');

  // The ban is lifted; the errored ones are restarted while paused (Shift+R), the session resumes and all complete.
  await panel.api(`/api/steam-accounts/${ids.get(BANNED.login)}/sandbox/lift-trade-case`, {});
  await page.keyboard.press('Shift+R');
  await expect(page.getByText(/Перезапущен/)).toBeVisible();
  await expect.poll(async () => (await read()).counts.error ?? 0).toBe(0);
  expect((await read()).status).toBe('paused');
  // Restarted while paused, they wait for the session: queued, not "in progress" while nothing runs.
  await expect(page.getByTestId('progress-active')).toHaveText(/^В очереди: [1-9]\d*$/);
  await page.keyboard.press('s');
  await expect(status).toHaveAttribute('data-session-status', 'running');
  await expect
    .poll(
      async () => {
        const row = await read();
        if (row.finishedAt === null || row.status !== 'idle') return 'running';
        // The reasons of what is still in error, so a failure says why.
        const errored = await panel.api<{ items: { errorReason: string; attempt: number }[] }>(
          `/api/harvester/sessions/${sessionId}/transactions/query`,
          { withStatus: ['error'], pages: { page: 1, pageSize: 100 } },
        );
        return JSON.stringify(errored.items.map((item) => `${item.errorReason}#${item.attempt}`));
      },
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe('[]');
  // Every transaction ended: the session reads as finished and offers a new session, not "Resume".
  await expect(status).toHaveAttribute('data-session-status', 'finished');
  await expect(status).toHaveText('Завершена');
  await expect(page.getByRole('button', { name: 'Продолжить' })).toHaveCount(0);
  await expect(progress.getByRole('button', { name: 'Новая сессия' })).toBeVisible();
  await expect(page.getByTestId('progress-errors')).toHaveText('Ошибок: 0');

  // Complete (Shift+C) asks first; the session is then closed.
  await page.keyboard.press('Shift+C');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Завершить сессию «Сбор с фермы»?');
  await confirm.getByRole('button', { name: 'Завершить' }).click();
  await expect(status).toHaveAttribute('data-session-status', 'completed');
  expect(problems).toEqual([]);
});
