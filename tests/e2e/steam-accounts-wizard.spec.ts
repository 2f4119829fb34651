import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  type SandboxAccount,
  SandboxWorld,
  sandboxAccountLine,
  sandboxMafileText,
} from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// The add-accounts wizard as a trader meets it: typed lines, a proxy per row, and why a distribute finds no proxy.
const world = new SandboxWorld();
let panel: SandboxPanel;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel('wizard@example.test', 'wizard');
  // Forty stored proxies: the row's picker finds one by typing, never by scrolling them all.
  const lines = Array.from({ length: 40 }, (_, i) => `10.44.0.${i + 1}:3128`).join('\n');
  await panel.api('/api/proxies', { proxies: lines, tag: null });
  // A tag with a single proxy: the second account of a distribute at one per proxy finds no room.
  await panel.api('/api/proxies', { proxies: '10.45.0.1:3128', tag: { id: 0, name: 'solo' } });
});

test.afterAll(async () => {
  await panel?.stop();
});

/** maFiles of the accounts, named by SteamID as SDA names them. */
function mafiles(accounts: SandboxAccount[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-wizard-'));
  return accounts.map((account) => {
    const path = join(dir, `${account.steamId}.maFile`);
    writeFileSync(path, sandboxMafileText(account, world.seed));
    return path;
  });
}

async function openWizard(page: Page, accounts: SandboxAccount[]) {
  await panel.openPanel(page, '/panel/steam-accounts');
  await expect(page.getByRole('heading', { name: 'Steam аккаунты' })).toBeVisible();
  await page.keyboard.press('n');
  const wizard = page.getByRole('dialog', { name: 'Добавление аккаунтов' });
  await expect(wizard).toBeVisible();
  await wizard.getByTestId('mafile-input').setInputFiles(mafiles(accounts));
  await expect(wizard.getByTestId('wizard-rows').locator('tbody tr')).toHaveCount(accounts.length);
  return wizard;
}

test('"Next" applies pasted login:password lines, refuses bad ones with a message, and going back shows them', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const accounts = world.healthyAccounts(2, 8101);
  const wizard = await openWizard(page, accounts);
  await wizard.getByRole('button', { name: 'Далее' }).click();

  // One good line and one without a password; "Далее" without "Применить строки".
  const text = `${sandboxAccountLine(accounts[0]!)}\n${accounts[1]!.login}`;
  await wizard.getByTestId('account-lines').fill(text);
  await wizard.getByRole('button', { name: 'Далее' }).click();
  await expect(wizard.getByTestId('lines-refused')).toContainText('Строки с ошибками не добавлены');
  await expect(wizard.getByTestId('line-errors')).toContainText('Строка 2');
  // The good line is already applied: its row has its password.
  await expect(wizard.locator(`tr[data-login="${accounts[0]!.login}"]`)).not.toContainText(
    'Пароль не указан',
  );

  // The fixed text goes on with "Далее" alone.
  const fixed = accounts.map(sandboxAccountLine).join('\n');
  await wizard.getByTestId('account-lines').fill(fixed);
  await wizard.getByRole('button', { name: 'Далее' }).click();
  await expect(wizard.getByRole('button', { name: 'Добавить', exact: true })).toBeVisible();
  for (const account of accounts)
    await expect(wizard.locator(`tr[data-login="${account.login}"] input[type="password"]`)).toHaveCount(0);

  await wizard.getByRole('button', { name: 'Назад' }).click();
  await expect(wizard.getByTestId('account-lines')).toHaveValue(fixed);
  await page.keyboard.press('Escape');
  expect(problems).toEqual([]);
});

test('rows without a proxy are marked before the submit; a stored proxy is found by typing and picked', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const accounts = world.healthyAccounts(2, 8201);
  const wizard = await openWizard(page, accounts);
  await wizard.getByRole('button', { name: 'Далее' }).click();
  // The first line names its proxy; the second has none.
  await wizard
    .getByTestId('account-lines')
    .fill(`${sandboxAccountLine(accounts[0]!)}:10.44.0.7:3128\n${sandboxAccountLine(accounts[1]!)}`);
  await wizard.getByRole('button', { name: 'Далее' }).click();

  const second = wizard.locator(`tr[data-login="${accounts[1]!.login}"]`);
  await expect(second.getByTestId('row-status')).toHaveText('Нет прокси');
  await expect(wizard.getByTestId('wizard-summary')).toContainText('Готовы: 1 · с ошибкой: 1');

  // The picker lists only what matches the typed text.
  const picker = second.getByRole('combobox', { name: `Прокси ${accounts[1]!.login}` });
  await picker.fill('10.44.0.33');
  const option = second.getByRole('option', { name: '10.44.0.33:3128' });
  await expect(option).toBeVisible();
  await expect(second.getByRole('option')).toHaveCount(1);
  await option.click();
  await expect(second.getByTestId('row-status')).toHaveText('Готов');
  await expect(picker).toHaveValue('10.44.0.33:3128');
  await expect(wizard.getByTestId('wizard-summary')).toContainText('Готовы: 2 · с ошибкой: 0');

  await wizard.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(wizard.locator('tr[data-status="success"]')).toHaveCount(2, { timeout: 60_000 });
  const listed = await panel.api<{ items: { login: string; proxy: { address: string } | null }[] }>(
    '/api/steam-accounts/query',
    { pages: { page: 1, pageSize: 100 } },
  );
  const proxyOf = new Map(listed.items.map((row) => [row.login, row.proxy?.address ?? null]));
  expect(proxyOf.get(accounts[0]!.login)).toBe('10.44.0.7');
  expect(proxyOf.get(accounts[1]!.login)).toBe('10.44.0.33');
  expect(problems).toEqual([]);
});

test('distribute says why there is no proxy: no tag chosen, or the tag full at N per proxy', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const accounts = world.healthyAccounts(2, 8301);
  const wizard = await openWizard(page, accounts);
  await wizard.getByText('Распределить по прокси').click();
  await wizard.getByRole('button', { name: 'Далее' }).click();
  await wizard.getByTestId('account-lines').fill(accounts.map(sandboxAccountLine).join('\n'));
  await wizard.getByRole('button', { name: 'Далее' }).click();

  await wizard.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(wizard.getByTestId('wizard-failures')).toHaveText(
    'Выберите тег прокси: аккаунты распределяются по прокси этого тега',
  );

  await wizard.getByLabel('Тег прокси').selectOption({ label: 'solo (1)' });
  await wizard.getByLabel('Аккаунтов на прокси, не больше').fill('1');
  await wizard.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(wizard.locator('tr[data-status="success"]')).toHaveCount(1, { timeout: 60_000 });
  const cause = 'Нет прокси: все прокси тега (1) заняты — по 1 акк. на прокси';
  await expect(wizard.locator('tr[data-status="error"]').getByTestId('row-status')).toHaveText(cause);
  await expect(wizard.getByTestId('wizard-failures')).toContainText(`${accounts[1]!.login}: ${cause}`);
  expect(problems).toEqual([]);
});
