import { expect, test } from '@playwright/test';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// The confirmations centre against a sandbox server of this suite's own: each sandbox account has confirmations of
// the five kinds waiting that Tradedeck did not create.
const world = new SandboxWorld();
const ACCOUNTS = world.healthyAccounts(2, 4300);

let panel: SandboxPanel;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel('confirmations@example.test', 'confirmer');
  await addSandboxAccounts(panel, ACCOUNTS, '10.43.0');
});

test.afterAll(async () => {
  await panel?.stop();
});

test('the centre lists every kind, filters by type, and accepts the chosen one from the keyboard', async ({
  page,
}) => {
  const problems = watchConsole(page);
  // Nothing shown here was created by Tradedeck: answering it asks for the second factor, passed up front.
  await panel.stepUp();
  await panel.openPanel(page, '/panel/confirmations');
  const grid = page.getByRole('grid', { name: 'Подтверждения' });
  await expect(grid.locator('tbody tr')).toHaveCount(10);
  for (const kind of ['trade', 'marketListing', 'purchase', 'accountRecovery', 'apiKey']) {
    await expect(grid.locator(`[data-kind="${kind}"]`)).toHaveCount(2);
  }
  // When Steam was read is shown; r reads every account again now, and the same ten come back.
  await expect(page.getByTestId('confirmations-read-at')).toContainText('Прочитано из Steam в');
  await page.keyboard.press('r');
  await expect(grid.locator('tbody tr')).toHaveCount(10);

  await page.getByTestId('confirmations-kind').selectOption('apiKey');
  await expect(grid.locator('tbody tr')).toHaveCount(2);
  await page.getByTestId('confirmations-kind').selectOption('');
  await expect(grid.locator('tbody tr')).toHaveCount(10);

  // The cursor on the first row, x selects it, a accepts it.
  await grid.locator('tbody tr').first().click();
  await page.keyboard.press('x');
  await expect(page.getByTestId('confirmations-accept')).toBeEnabled();
  await page.keyboard.press('a');
  await expect(page.getByText('Ответ дан: 1')).toBeVisible();
  await expect(grid.locator('tbody tr')).toHaveCount(9);

  await page.getByTestId('confirmations-dry-run').click();
  await expect(page.getByText('Правила примут: 0, оставят: 9')).toBeVisible();
  expect(problems).toEqual([]);
});
