import { expect, type Page, test } from '@playwright/test';
import { SandboxWorld, sandboxMafileText } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// The Inventory tab and live account statuses against a sandbox server of this suite's own.
const world = new SandboxWorld();
const ACCOUNTS = world.healthyAccounts(2, 4100);

let panel: SandboxPanel;
let ids: number[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  panel = await startSandboxPanel('inventory@example.test', 'trader');
  const accounts = Object.fromEntries(
    ACCOUNTS.map((account, i) => [
      String(i),
      {
        login: account.login,
        password: account.password,
        mafile: sandboxMafileText(account),
        proxyData: {
          protocol: 'http',
          address: `10.40.0.${i + 1}`,
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
  ids = ACCOUNTS.map((account) => added.addedAccounts.find((row) => row.login === account.login)!.id);
});

test.afterAll(async () => {
  await panel?.stop();
});

/** The accounts screen with the keyboard cursor (j) on the account's row. */
async function focusAccount(page: Page, login: string) {
  const grid = page.getByRole('grid', { name: 'Steam аккаунты' });
  await expect(grid.getByTestId('account-login')).toHaveCount(ACCOUNTS.length);
  const active = grid.locator('tr[data-active] [data-testid="account-login"]');
  for (let i = 0; i < ACCOUNTS.length; i += 1) {
    await page.keyboard.press('j');
    if ((await active.textContent()) === login) break;
  }
  await expect(active).toHaveText(login);
  return grid;
}

async function runCommand(page: Page, query: string, option: RegExp) {
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await palette.getByRole('combobox').fill(query);
  await palette.getByRole('option', { name: option }).click();
}

const totalOf = async (page: Page) =>
  Number(
    (
      (await page
        .getByTestId('inventory-tab')
        .getByText(/^Всего /)
        .textContent()) ?? ''
    ).replace(/\D/g, ''),
  );

test('opens an inventory from the palette, refreshes it live and filters by game and tradability', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const [account] = ACCOUNTS;
  await panel.openPanel(page, '/panel/steam-accounts');
  const grid = await focusAccount(page, account!.login);
  const row = grid.locator('tr', { hasText: account!.login });
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', '0');

  await runCommand(page, 'инвентарь', /открыть инвентарь/);
  const tab = page.getByTestId('inventory-tab');
  await expect(tab).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Инвентарь' })).toHaveAttribute('aria-selected', 'true');
  await expect(tab.getByTestId('inventory-last-scan')).toHaveText(
    'Инвентарь ещё не сканировался — нажмите «Обновить инвентарь»',
  );

  // The job runs on the server; the tab and the list follow its events.
  await tab.getByRole('button', { name: 'Обновить инвентарь' }).click();
  await expect(page.getByText('Обновление инвентаря запущено: 1 аккаунт')).toBeVisible();
  await expect(tab.getByTestId('inventory-last-scan')).toContainText('Последний скан:', { timeout: 30_000 });
  await expect(tab.getByRole('button', { name: 'Обновить инвентарь' })).toBeEnabled();
  await expect(tab.getByTestId('inventory-item-name').first()).toBeVisible();
  await expect(tab.getByTestId('inventory-value')).toHaveText(/^Стоимость: [\d\s\u00a0,]+\$$/);
  await expect(page.getByTestId('account-view-status').locator('[data-status]')).toHaveText('Активен');
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', '1');
  const everything = await totalOf(page);

  // Game: only CS2 rows, fewer than all games.
  await tab.getByRole('button', { name: 'CS2', exact: true }).click();
  await expect(tab.getByRole('button', { name: 'CS2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => totalOf(page)).toBeLessThan(everything);
  const games = tab.getByRole('grid').locator('tbody tr td:nth-child(2)');
  await expect(games.first()).toHaveText('CS2');
  expect(new Set(await games.allTextContents())).toEqual(new Set(['CS2']));
  const cs2 = await totalOf(page);
  const cs2Value = await tab.getByTestId('inventory-value').textContent();

  // Tradable only: the trade-locked CS2 items go, and with them part of the value.
  await tab.getByLabel('Только обмениваемые').check();
  await expect.poll(() => totalOf(page)).toBeLessThan(cs2);
  await expect(tab.locator('[data-tradable="no"], [data-tradable="protected"]')).toHaveCount(0);
  await expect(tab.getByTestId('inventory-value')).not.toHaveText(cs2Value!);

  // Least price: typed in dollars, sent in thousandths (the one money scale).
  const priced = page.waitForRequest(
    (req) => req.url().endsWith('/inventory/query') && req.postDataJSON()?.minPrice === 10_000,
  );
  await tab.getByLabel('Цена от, USD').fill('10');
  await priced;
  expect(problems).toEqual([]);
});

test('statuses go to error after a forced session loss and recover, live', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const [account] = ACCOUNTS;
  await panel.openPanel(page, '/panel/steam-accounts');
  const grid = await focusAccount(page, account!.login);
  const status = grid.locator('tr', { hasText: account!.login }).locator('[data-status]');
  await expect(status).toHaveAttribute('data-status', '1');

  await page.keyboard.press('i');
  const tab = page.getByTestId('inventory-tab');
  await expect(tab.getByTestId('inventory-item-name').first()).toBeVisible();

  // The user ends the sessions on (simulated) Steam; the next scan finds out.
  await panel.api(`/api/steam-accounts/${ids[0]}/sandbox/end-sessions`, {});
  const revokedAt = Date.now();
  await tab.getByRole('button', { name: 'Обновить инвентарь' }).click();
  const dialogStatus = page.getByTestId('account-view-status').locator('[data-status]');
  await expect(dialogStatus).toHaveText('Ошибка', { timeout: 30_000 });
  await expect(page.getByTestId('account-view-error')).toHaveText(
    'Последняя ошибка: Сессия Steam отозвана: войдите заново',
  );
  await expect(status).toHaveAttribute('data-status', '2');
  await expect(status).toContainText('Сессия Steam отозвана: войдите заново');
  // The failed scans are said as such; the items of the last good scan stay listed.
  await expect(tab.getByTestId('inventory-notices').locator('[data-kind="failed"]').first()).toContainText(
    'Скан не удался: Сессия Steam отозвана: войдите заново; показаны предметы скана от',
  );
  await expect(tab.getByTestId('inventory-item-name').first()).toBeVisible();
  await expect(page.getByTestId('account-counters')).toContainText('с ошибкой: 1');
  const path = testInfo.outputPath('inventory-session-lost-ru.png');
  await page.screenshot({ path });
  await testInfo.attach('inventory-session-lost-ru', { path, contentType: 'image/png' });

  // Tokens issued in the second of the revocation are refused too: the new sign-in waits for the next second.
  await page.waitForTimeout(Math.max(0, 1100 - (Date.now() - revokedAt)));
  await page.keyboard.press('Escape');
  await expect(tab).toBeHidden();
  // From the list: the palette's "Refresh inventory" acts on the row under the cursor.
  await runCommand(page, 'обновить инвентарь', /обновить инвентарь/);
  await expect(status).toHaveAttribute('data-status', '1', { timeout: 30_000 });
  await expect(status).not.toContainText('Сессия Steam');
  await expect(page.getByTestId('account-counters')).toContainText('с ошибкой: 0');
  expect(problems).toEqual([]);
});

test.describe('Inventory tab screenshots', () => {
  for (const language of ['ru', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`${theme}, ${language}`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: 1400, height: 900 });
        await page.context().addCookies([{ name: 'td_theme', value: theme, url: panel.url }]);
        await panel.openPanel(page, `/panel/steam-accounts?view=${ids[0]}`, language);
        await page.getByRole('tab', { name: language === 'ru' ? 'Инвентарь' : 'Inventory' }).click();
        const tab = page.getByTestId('inventory-tab');
        await expect(tab.getByTestId('inventory-item-name').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const path = testInfo.outputPath(`inventory-${theme}-${language}.png`);
        await page.screenshot({ path });
        await testInfo.attach(`inventory-${theme}-${language}`, { path, contentType: 'image/png' });
      });
    }
  }
});
