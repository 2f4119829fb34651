import { expect, type Page, test } from '@playwright/test';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { connectSandboxSeller, sandboxMarketKey } from './sandbox-sellers.ts';
import { screenshot } from './screenshots.ts';

// The P2P seller accounts screen against a sandbox server of this suite's own (simulated Steam and market).
const world = new SandboxWorld();
const [NEW, RUNNING] = world.healthyAccounts(2, 4700);
/** Steam never shows this account's trade confirmations: its deliveries stay sent, an active trade. */
const TRADING = world.find('sandbox_confirmation_missing')!;

let panel: SandboxPanel;
const steamIds = new Map<string, number>();
const sellerIds = new Map<string, number>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Three sandbox sign-ins and a server start on a busy machine.
  test.setTimeout(120_000);
  panel = await startSandboxPanel('p2p@example.test', 'seller');
  const added = await addSandboxAccounts(panel, [NEW!, RUNNING!, TRADING!], '10.47.0');
  for (const row of added) steamIds.set(row.login, row.id);
  // Connecting a key is API management: the session passes the second factor first (the panel shares it).
  await panel.stepUp();
  // Two accounts already sell; the third is added on the screen.
  for (const account of [RUNNING!, TRADING!]) {
    const id = await connectSandboxSeller(panel, { id: steamIds.get(account.login)!, login: account.login });
    sellerIds.set(account.login, id);
  }
  await panel.api('/api/p2p/accounts/start', { ids: [...sellerIds.values()] });
});

test.afterAll(async () => {
  await panel?.stop();
});

const rowOf = (page: Page, login: string) =>
  page.getByRole('grid', { name: 'P2P аккаунты' }).locator('tr', { hasText: login });

/** Moves the keyboard cursor (j) onto the account's row. */
async function cursorTo(page: Page, login: string) {
  const active = page.locator('tr[data-active] [data-testid="seller-login"]');
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('j');
    if ((await active.textContent()) === login) return;
  }
  await expect(active).toHaveText(login);
}

/**
 * An active trade on the account: the sandbox buyers buy an item, our offer goes out but its confirmation never
 * shows on this account, so the delivery waits as sent and a safe stop must refuse the account.
 */
async function holdActiveTrade(login: string) {
  const id = sellerIds.get(login)!;
  await panel.api('/api/p2p/sandbox/simulate-sales', { ids: [id], count: 1 });
  await expect
    .poll(
      async () => {
        const deliveries = await panel.api<{ items: { status: string }[] }>(
          `/api/p2p/accounts/${id}/deliveries/query`,
          { pages: { page: 1, pageSize: 10 } },
        );
        return deliveries.items.map((delivery) => delivery.status);
      },
      { timeout: 60_000 },
    )
    .toEqual(['sent']);
}

test('add a seller, start it, see it online live, bulk stop with one refused, retry with force; keyboard only', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/accounts');
  await expect(page.getByRole('heading', { name: 'P2P аккаунты' })).toBeVisible();
  await expect(rowOf(page, RUNNING!.login)).toBeVisible();

  // Add: n opens the dialog on the Steam account search; the form is filled and sent with the keyboard.
  await page.keyboard.press('n');
  const search = page.getByLabel('Найти аккаунт Steam');
  await expect(search).toBeFocused();
  await page.keyboard.type(NEW!.login);
  const picker = page.getByLabel('Аккаунт Steam', { exact: true });
  await expect(picker.locator('option')).toHaveCount(2);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(picker).toHaveValue(String(steamIds.get(NEW!.login)));
  await page.keyboard.press('Tab');
  await page.keyboard.type('short');
  await page.keyboard.press('Tab');
  await expect(page.getByText('API-ключ — минимум 10 символов')).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(sandboxMarketKey(NEW!.login));
  await page.keyboard.press('Tab');
  await page.keyboard.type('pay-secret-2');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Аккаунт ${NEW!.login} подключён к маркету`)).toBeVisible({ timeout: 20_000 });
  const added = rowOf(page, NEW!.login);
  await expect(added.getByTestId('seller-status')).toHaveAttribute('data-status', 'stopped');
  await expect(added.getByTestId('platform-status')).toHaveAttribute('data-status', 'none');

  // Start: s on the row under the cursor; the platform goes online from the seller hub, without a reload.
  await cursorTo(page, NEW!.login);
  await page.keyboard.press('s');
  await expect(added.getByTestId('seller-status')).toHaveAttribute('data-status', 'running');
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await expect(added.getByTestId('platform-status')).toHaveAttribute('data-status', 'online', {
    timeout: 60_000,
  });
  expect(navigations).toEqual([]);
  await expect(added.locator('[role="tooltip"]')).toContainText('TM: Онлайн · обновлено');

  // An active trade on one account, seen live in its row.
  await holdActiveTrade(TRADING!.login);
  await expect(rowOf(page, TRADING!.login).getByTestId('seller-active-trades')).toBeVisible({
    timeout: 30_000,
  });
  await screenshot(page, 'p2p-accounts-trade');

  // Bulk stop: select the page (Mod+A), Shift+S, the safe stop confirmed with Enter.
  await page.keyboard.press('Control+a');
  await expect(page.getByTestId('selection-count')).toHaveText('Выбрано 3 строки');
  await page.keyboard.press('Shift+S');
  const dialog = page.getByTestId('bulk-dialog');
  await expect(dialog).toHaveAttribute('data-stage', 'confirm');
  await expect(dialog).toContainText('Остановить 3 аккаунта?');
  await page.keyboard.press('Enter');

  // The refused account is named with the spec's words; the stop is incomplete.
  await expect(dialog).toHaveAttribute('data-stage', 'error', { timeout: 30_000 });
  await expect(page.getByTestId('bulk-error')).toHaveText('Некоторые аккаунты не удалось обработать');
  await expect(dialog.getByTestId('bulk-failures')).toHaveText(
    `${TRADING!.login}: Проверка безопасности не пройдена: у аккаунта есть активные обмены`,
  );
  await expect(dialog).toContainText('Не обработано: 1 из 3');
  await expect(dialog.locator('[data-reason="activeTrades"]')).toHaveCount(1);
  await expect(page.getByTestId('stop-outcome')).toHaveAttribute('data-outcome', 'incomplete');
  const errorShot = testInfo.outputPath('p2p-bulk-stop-refused-ru.png');
  await page.screenshot({ path: errorShot });
  await testInfo.attach('p2p-bulk-stop-refused-ru', { path: errorShot, contentType: 'image/png' });

  // Force (Space on the focused checkbox), then retry the failed one (r).
  await expect(page.getByLabel('Принудительно (отменить активные обмены)')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('r');
  await expect(dialog).toHaveAttribute('data-stage', 'complete', { timeout: 30_000 });
  await expect(page.getByTestId('stop-outcome')).toHaveText('Остановка завершена: все аккаунты остановлены.');
  await expect(page.getByTestId('bulk-cancelled')).toHaveText('Отменён 1 активный обмен.');
  await expect(dialog).toContainText('Обработано 3 аккаунта.');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  for (const account of [NEW!, RUNNING!, TRADING!]) {
    await expect(rowOf(page, account.login).getByTestId('seller-status')).toHaveAttribute(
      'data-status',
      'stopped',
    );
  }
  await expect(rowOf(page, TRADING!.login).getByTestId('seller-active-trades')).toHaveCount(0);

  const listShot = testInfo.outputPath('p2p-accounts-ru.png');
  await page.screenshot({ path: listShot });
  await testInfo.attach('p2p-accounts-ru', { path: listShot, contentType: 'image/png' });
  expect(problems).toEqual([]);
});
