import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { generateGuardCode } from '../../packages/sdk/src/domain/index.ts';
import {
  type SandboxAccount,
  SandboxWorld,
  sandboxAccountLine,
  sandboxMafileText,
} from '../../packages/server/src/integrations/steam/index.ts';
import { SANDBOX_STEAM_OFFSET_S } from '../../packages/server/src/integrations/steam/sandbox/sandbox-adapter.ts';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// The Steam accounts screen against a sandbox server of this suite's own: simulated Steam, real everything else.
const world = new SandboxWorld();
const HEALTHY = world.healthyAccounts(18);
const INVALID_PASSWORD = world.find('sandbox_invalid_password')!;
const EMAIL_GUARD = world.find('sandbox_email_guard')!;
const IMPORTED: SandboxAccount[] = [...HEALTHY, INVALID_PASSWORD, EMAIL_GUARD];
const PROXY_COUNT = 4;
const PER_PROXY = 5;

let panel: SandboxPanel;
const api: SandboxPanel['api'] = (path, body, method) => panel.api(path, body, method);
const openPanel: SandboxPanel['openPanel'] = (page, path, language) => panel.openPanel(page, path, language);

interface AccountRow {
  id: number;
  login: string;
  accountStatus: number;
  proxyId: number | null;
  proxy: { address: string; port: number } | null;
}

const allAccounts = () =>
  api<{ items: AccountRow[]; total: number }>('/api/steam-accounts/query', {
    pages: { page: 1, pageSize: 100 },
  });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Sign-ins take a moment, so the add job's progress is seen arriving over the hub.
  panel = await startSandboxPanel('accounts@example.test', 'trader', {
    TRADEDECK_SANDBOX_SIGN_IN_DELAY_MS: '400',
  });
  // The proxies the accounts are spread over, under one tag, created through the API.
  // One of them with credentials: its sealed password is opened for the sign-ins it carries.
  const lines = Array.from({ length: PROXY_COUNT }, (_, i) =>
    i === 0 ? `10.20.0.${i + 1}:3128:puser:ppass` : `10.20.0.${i + 1}:3128`,
  ).join('\n');
  await api('/api/proxies', { proxies: lines, tag: { id: 0, name: 'farm' } });
});

test.afterAll(async () => {
  await panel?.stop();
});

/** 20 sandbox maFiles (named by SteamID, as SDA names them) and the text file with their lines plus a stray one. */
function importFiles(): { mafiles: string[]; lines: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-accounts-'));
  const mafiles = IMPORTED.map((account) => {
    const path = join(dir, `${account.steamId}.maFile`);
    writeFileSync(path, sandboxMafileText(account, world.seed));
    return path;
  });
  const lines = join(dir, 'accounts.txt');
  writeFileSync(lines, `${[...IMPORTED.map(sandboxAccountLine), 'no_mafile_login:secret'].join('\n')}\n`);
  return { mafiles, lines };
}

test.describe.configure({ mode: 'serial' });

test('imports 20 maFiles and a text file spread over a proxy tag, with reasons and a retry', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await openPanel(page, '/panel/steam-accounts');
  await expect(page.getByRole('heading', { name: 'Steam аккаунты' })).toBeVisible();
  await expect(page.getByTestId('sandbox-badge')).toHaveText('Песочница');

  await page.keyboard.press('n');
  const wizard = page.getByRole('dialog', { name: 'Добавление аккаунтов' });
  await expect(wizard).toBeVisible();
  await wizard.getByText('Распределить по прокси').click();
  await wizard.getByLabel('Тег прокси').selectOption({ label: `farm (${PROXY_COUNT})` });
  await wizard.getByLabel('Аккаунтов на прокси, не больше').fill(String(PER_PROXY));

  const files = importFiles();
  await wizard.getByTestId('mafile-input').setInputFiles([...files.mafiles, files.lines]);
  // The text file is not a maFile: refused by extension, named in the spec's message.
  await expect(wizard.getByTestId('invalid-mafiles')).toContainText('Невалидные мафайлы: accounts.txt');
  await expect(wizard.getByText('Загружено 20 мафайлов')).toBeVisible();

  // Ctrl+Enter moves to the next step (a palette command of the wizard).
  await page.keyboard.press('Control+Enter');
  await wizard.getByTestId('lines-input').setInputFiles(files.lines);
  const rows = wizard.getByTestId('wizard-rows').locator('tbody tr');
  await expect(rows).toHaveCount(21);
  await expect(wizard.locator('tr[data-login="no_mafile_login"]')).toContainText('Мафайл не загружен');

  await wizard.getByRole('button', { name: 'Далее' }).click();
  // The add runs as a background job: its answer is the job, the sign-ins are reported over the hub as they end.
  const isAddJob = (res: { url(): string; request(): { method(): string } }) =>
    res.url().endsWith('/api/steam-accounts/add-jobs') && res.request().method() === 'POST';
  const job = page.waitForResponse(isAddJob);
  await wizard.getByRole('button', { name: 'Добавить', exact: true }).click();
  expect(((await (await job).json()) as { data: { total: number } }).data.total).toBe(20);
  await expect(wizard.getByTestId('wizard-progress')).toContainText(/Вход в аккаунты: \d+ из 20/);
  await expect(wizard.getByTestId('wizard-failures')).toContainText(
    'sandbox_invalid_password: Неверный пароль, sandbox_email_guard: Неверный тип Steam Guard (не мобильный)',
    { timeout: 60_000 },
  );
  await expect(wizard.locator('tr[data-status="success"]')).toHaveCount(18);
  await expect(wizard.getByTestId('wizard-summary')).toContainText('добавлены: 18');

  // Only the two refused rows go again; they fail the same way, nothing is added twice.
  await expect(wizard.getByRole('button', { name: 'Повторить неудачные (2)' })).toBeVisible();
  const retried = page.waitForResponse(isAddJob);
  await page.keyboard.press('Control+Shift+Enter');
  const retry = await retried;
  const sent = JSON.parse(retry.request().postData() ?? '{}') as {
    accounts: Record<string, { login: string }>;
  };
  expect(Object.values(sent.accounts).map((a) => a.login)).toEqual([
    INVALID_PASSWORD.login,
    EMAIL_GUARD.login,
  ]);
  expect(((await retry.json()) as { data: { total: number } }).data.total).toBe(2);
  await expect(wizard.getByRole('button', { name: 'Добавить', exact: true })).toBeEnabled({
    timeout: 60_000,
  });
  await expect(wizard.locator('tr[data-status="error"]')).toHaveCount(3);
  await expect(wizard.getByTestId('wizard-summary')).toContainText('добавлены: 18');
  await wizard.getByRole('button', { name: 'Закрыть' }).first().click();

  // The list shows the added accounts with their status and proxy; at most 5 share a proxy.
  const grid = page.getByRole('grid', { name: 'Steam аккаунты' });
  await expect(grid.getByTestId('account-login')).toHaveCount(18);
  // Added accounts signed in once and rest idle until a job uses them; none is in error.
  await expect(grid.locator('[data-status="0"]').first()).toHaveText('Простой');
  await expect(grid.locator('[data-status="2"]')).toHaveCount(0);
  await expect(page.getByTestId('account-counters')).toHaveText('Всего: 18 · активны: 0 · с ошибкой: 0');
  const listed = await allAccounts();
  expect(listed.total).toBe(18);
  const perProxy = new Map<number, number>();
  for (const row of listed.items) {
    expect(row.proxyId).not.toBeNull();
    perProxy.set(row.proxyId!, (perProxy.get(row.proxyId!) ?? 0) + 1);
  }
  expect(Math.max(...perProxy.values())).toBeLessThanOrEqual(PER_PROXY);

  // Filters: status "idle" with → all; except → none; "without proxy" → none; reset → all again.
  const filters = page.getByTestId('account-filters');
  await filters.getByRole('button', { name: /^Статус/ }).click();
  const idle = page.getByRole('button', { name: 'Простой' });
  await idle.click();
  await expect(page).toHaveURL(/status=0/);
  await expect(grid.getByTestId('account-login')).toHaveCount(18);
  await idle.click();
  await expect(page).toHaveURL(/xstatus=0/);
  await expect(grid.getByTestId('account-login')).toHaveCount(0);
  await filters.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await filters.getByLabel('Прокси', { exact: true }).selectOption('0');
  await expect(grid.getByTestId('account-login')).toHaveCount(0);
  await filters.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await expect(grid.getByTestId('account-login')).toHaveCount(18);
  expect(problems).toEqual([]);
});

test('assigns proxies in batch from account:proxy lines, with per-line errors', async ({ page }) => {
  const problems = watchConsole(page);
  await openPanel(page, '/panel/steam-accounts');
  await expect(page.getByRole('grid').getByTestId('account-login')).toHaveCount(18);
  await page.keyboard.press('p');
  const dialog = page.getByRole('dialog', { name: 'Назначить прокси списком' });
  const [first, second] = HEALTHY;
  await dialog
    .getByTestId('batch-proxy-lines')
    .fill(
      `${first!.login}:10.30.0.9:8080\n${second!.login}:\nghost_account:10.30.0.10:8080\n${first!.login}-broken`,
    );
  const preview = dialog.getByTestId('batch-proxy-preview');
  await expect(preview).toContainText('10.30.0.9:8080');
  await expect(preview).toContainText('новый прокси');
  await expect(preview).toContainText('снять прокси');
  await expect(dialog.getByTestId('batch-proxy-errors')).toContainText('4:');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByTestId('batch-proxy-errors')).toBeVisible();
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  const listed = await allAccounts();
  const byLogin = new Map(listed.items.map((row) => [row.login, row]));
  expect(byLogin.get(first!.login)?.proxy).toEqual({ address: '10.30.0.9', port: 8080 });
  expect(byLogin.get(second!.login)?.proxy).toBeNull();
  await expect(
    page.getByRole('grid').locator('[data-testid="account-proxy"]', { hasText: '10.30.0.9:8080' }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('copies the Steam Guard code of the focused account from the palette', async ({ page }) => {
  const problems = watchConsole(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: panel.url });
  await openPanel(page, '/panel/steam-accounts');
  const grid = page.getByRole('grid');
  await expect(grid.getByTestId('account-login')).toHaveCount(18);
  await page.keyboard.press('j');
  const login = (await grid.locator('tr[data-active] [data-testid="account-login"]').textContent())!;
  const account = world.find(login)!;

  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await palette.getByRole('combobox').fill('Steam Guard');
  await palette.getByRole('option', { name: /скопировать код Steam Guard/ }).click();

  const toast = page.getByText(new RegExp(`^${login}: Код [A-Z0-9]{5} скопирован — действует ещё \\d+ с$`));
  await expect(toast).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(await toast.textContent()).toContain(copied);
  // The code is the one Steam (sandbox time, 7 s ahead) expects for this account now or in the adjacent period.
  const now = Math.floor(Date.now() / 1000) + SANDBOX_STEAM_OFFSET_S;
  const expected = await Promise.all(
    [-30, 0, 30].map((d) => generateGuardCode(account.sharedSecret, now + d)),
  );
  expect(expected).toContain(copied);
  expect(problems).toEqual([]);
});

test('a Steam account found in global search opens in its screen with the full view dialog', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await openPanel(page, '/panel/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeVisible();
  const login = (await panel.api<{ items: { login: string }[] }>('/api/steam-accounts/query', {})).items[0]!
    .login;

  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await palette.getByRole('combobox').fill(login);
  await palette.getByRole('option', { name: new RegExp(`^${login}\\b`) }).click();

  await expect(page).toHaveURL(/\/panel\/steam-accounts$/);
  const view = page.getByTestId('account-view');
  await expect(view).toContainText(login);
  // The screen's own dialog: password change and the account's actions, not a read-only summary.
  await expect(page.getByLabel('Новый пароль')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  // Back does not bring the dialog again.
  await page.goBack();
  await expect(page).toHaveURL(/\/panel\/dashboard$/);
  expect(problems).toEqual([]);
});
