import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// The Portfolio screen over a sandbox server of this suite's own: every account's items grouped and filtered,
// values with their source, and assets selected across accounts saved as CSV or moved to one account.
const world = new SandboxWorld();
const ACCOUNTS = world.healthyAccounts(2, 4300);
/** The account a move from the portfolio sends the picked items to (never scanned: it holds nothing here). */
const [TARGET] = world.healthyAccounts(1, 4310);

let panel: SandboxPanel;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  panel = await startSandboxPanel('portfolio@example.test', 'trader');
  const added = await addSandboxAccounts(panel, ACCOUNTS, '10.43.0');
  const accountIds = added.map((row) => row.id);
  await panel.api('/api/steam-trading/inventory-refresh', { accountIds, games: ['tf2'] });
  // The refresh is a job: wait until every account's TF2 inventory was read.
  await expect
    .poll(
      async () => {
        const page = await panel.api<{ total: number; items: { lastScannedAt: string | null }[] }>(
          '/api/portfolio/query',
          { by: 'account' },
        );
        return page.items.filter((row) => row.lastScannedAt).length;
      },
      { timeout: 60_000 },
    )
    .toBe(ACCOUNTS.length);
});

test.afterAll(async () => {
  await panel?.stop();
});

test('groups, filters and values the items of every account, and saves assets picked across accounts as CSV', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/portfolio');
  await expect(page.getByRole('heading', { name: 'Портфель' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Портфель' });
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('portfolio-totals')).toBeVisible();

  // Valued from the Steam market's reference: each value shows its source.
  await page.getByTestId('portfolio-source').selectOption('steam');
  await expect(grid).toContainText('Steam');
  await page.screenshot({ path: test.info().outputPath('portfolio-by-item.png') });

  // By account: one row per account.
  await page.getByTestId('portfolio-by').selectOption('account');
  await expect(grid.locator('tbody tr')).toHaveCount(ACCOUNTS.length);
  for (const account of ACCOUNTS) await expect(grid).toContainText(account.login);

  // Flat, tradable now: tick the first asset of each account, then save them as CSV.
  await page.getByTestId('portfolio-by').selectOption('flat');
  await expect(page).toHaveURL(/by=flat/);
  // The box follows the address once the view has moved to it (a navigation), not at the click itself.
  await page.getByTestId('portfolio-tradable').click();
  await expect(page.getByTestId('portfolio-tradable')).toBeChecked();
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  const picked = new Set<string>();
  for (const account of ACCOUNTS) {
    await grid.locator('tbody tr', { hasText: account.login }).first().getByRole('checkbox').click();
    picked.add(account.login);
  }
  await expect(page.getByTestId('selection-count')).toContainText('2');
  const download = page.waitForEvent('download');
  await page.getByTestId('portfolio-export-selected').click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const [header, ...lines] = csv.trimEnd().split('\n');
  expect(header!.split(',').slice(0, 5)).toEqual(['account', 'game', 'app_id', 'context_id', 'asset_id']);
  expect(lines).toHaveLength(2);
  expect(new Set(lines.map((line) => line.split(',')[0]))).toEqual(picked);
  expect(lines.every((line) => line.split(',')[9] === 'true')).toBe(true);
  await page.screenshot({ path: test.info().outputPath('portfolio-flat-selected.png') });
  expect(problems).toEqual([]);
});

test('moves assets picked across accounts to one account: a harvester session of those assets, on its screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await addSandboxAccounts(panel, [TARGET!], '10.43.1');
  // No harvester profile saved: a move of picked items needs none.

  await panel.openPanel(page, '/panel/portfolio?by=flat&tradable=1');
  const grid = page.getByRole('grid', { name: 'Портфель' });
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  for (const account of ACCOUNTS)
    await grid.locator('tbody tr', { hasText: account.login }).first().getByRole('checkbox').click();
  await expect(page.getByTestId('selection-count')).toContainText(String(ACCOUNTS.length));
  await page.getByTestId('portfolio-move-selected').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    `Переместить на один аккаунт: ${ACCOUNTS.length} с аккаунтов: ${ACCOUNTS.length}`,
  );
  // Nothing picked as the target yet: the dialog says so under its list.
  await dialog.getByTestId('portfolio-move-submit').click();
  await expect(dialog.getByRole('alert')).toHaveText('Выберите аккаунт-получатель');
  await dialog.getByLabel('Найти аккаунт').fill(TARGET!.login);
  await dialog.getByLabel(TARGET!.login, { exact: true }).check();
  await page.screenshot({ path: test.info().outputPath('portfolio-move-dialog.png') });
  await dialog.getByTestId('portfolio-move-submit').click();
  await expect(dialog).toBeHidden();

  // The harvester screen opens on the new session: the picked items' accounts are its sources, the target its
  // only target, and it moves exactly the picked assets.
  await expect(page).toHaveURL(/\/panel\/harvester\?open=\d+/);
  const name = `Из портфеля: ${ACCOUNTS.length}`;
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('session-progress').locator('[data-session-status]')).toHaveAttribute(
    'data-session-status',
    'idle',
  );
  await page.screenshot({ path: test.info().outputPath('portfolio-move-session.png') });
  const sessionId = Number(await page.locator('[data-session-id]').getAttribute('data-session-id'));
  const session = await panel.api<{ sources: { login: string }[]; targets: { login: string }[] }>(
    `/api/harvester/sessions/${sessionId}`,
  );
  expect(session.sources.map((account) => account.login).sort()).toEqual(ACCOUNTS.map((a) => a.login).sort());
  expect(session.targets.map((account) => account.login)).toEqual([TARGET!.login]);
  expect(problems).toEqual([]);
});
