import { expect, type Page, test } from '@playwright/test';
import { SandboxWorld, sandboxMafileText } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// The harvester screen against a sandbox server of this suite's own: two healthy farm accounts and a trade-banned
// one send to one target; the banned one's transactions end in error until its ban is lifted.
const world = new SandboxWorld();
const FARMS = world.healthyAccounts(12, 4300);
const [TARGET] = world.healthyAccounts(1, 4320);
const BANNED = world.find('sandbox_trade_ban')!;
const ACCOUNTS = [...FARMS, TARGET!, BANNED];

let panel: SandboxPanel;
const ids = new Map<string, number>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel('harvester@example.test', 'harvester');
  const accounts = Object.fromEntries(
    ACCOUNTS.map((account, i) => [
      String(i),
      {
        login: account.login,
        password: account.password,
        mafile: sandboxMafileText(account),
        proxyData: {
          protocol: 'http',
          address: `10.43.0.${i + 1}`,
          port: 3128,
          username: null,
          password: null,
        },
      },
    ]),
  );
  const added = await panel.api<{ addedAccounts: { id: number; login: string }[] }>('/api/steam-accounts', {
    accounts,
  });
  for (const row of added.addedAccounts) ids.set(row.login, row.id);
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

test('creates a profile, starts a session from the palette, follows it live, restarts the errored ones and completes it', async ({
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

  // Every transaction ends: the banned source's ones in error with their reason.
  const sessionId = Number(await page.locator('[data-session-id]').getAttribute('data-session-id'));
  await expect
    .poll(
      async () => {
        const row = await panel.api<SessionRow>(`/api/harvester/sessions/${sessionId}`);
        return row.finishedAt !== null && row.status === 'idle' ? row.counts.error : -1;
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
  await expect(status).toHaveAttribute('data-session-status', 'idle');
  // Not running: restart and cancel are allowed (refused while running: the component tests and the server's).
  await expect(page.getByTestId('gating-note')).toBeHidden();
  await expect(page.getByRole('button', { name: /Перезапустить ошибочные/ })).toBeEnabled();
  await page.keyboard.press('e');
  await expect(page.getByRole('combobox', { name: 'Статус' })).toHaveValue('error');
  await expect(grid.getByTestId('tx-error').first()).toBeVisible();
  await expect(grid.locator('[data-tx-status]:not([data-tx-status="error"])')).toHaveCount(0);
  await page.screenshot({ path: '../docs/harvester-screen.png' });

  // The ban is lifted; restart the errored ones (Shift+R), start again, and they complete.
  await panel.api(`/api/steam-accounts/${ids.get(BANNED.login)}/sandbox/lift-trade-case`, {});
  await page.keyboard.press('Shift+R');
  await expect(page.getByText(/Перезапущен/)).toBeVisible();
  await page.keyboard.press('s');
  await expect
    .poll(
      async () => {
        const row = await panel.api<SessionRow>(`/api/harvester/sessions/${sessionId}`);
        if (row.finishedAt === null || row.status !== 'idle') return 'running';
        // The reasons of what is still in error, so a failure says why.
        const errored = await panel.api<{ items: { errorReason: string; attempt: number }[] }>(
          `/api/harvester/sessions/${sessionId}/transactions/query`,
          { withStatus: ['error'], pages: { page: 1, pageSize: 100 } },
        );
        return JSON.stringify(errored.items.map((item) => `${item.errorReason}#${item.attempt}`));
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe('[]');
  await expect(page.getByTestId('progress-errors')).toHaveText('Ошибок: 0');

  // Complete (Shift+C) asks first; the session is then closed.
  await page.keyboard.press('Shift+C');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Завершить сессию «Сбор с фермы»?');
  await confirm.getByRole('button', { name: 'Завершить' }).click();
  await expect(status).toHaveAttribute('data-session-status', 'completed');
  expect(problems).toEqual([]);
});
