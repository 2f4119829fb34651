import { expect, type Page, test } from '@playwright/test';
import { SandboxMarket, sandboxMarketKey } from '../../packages/server/src/integrations/market/index.ts';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// A seller the market banned from selling, reset from its view dialog: refused while the ban holds, then cleared.
const world = new SandboxWorld();
/** The server's market, shared with the suite: it bans the account from selling and lifts the ban. */
const market = new SandboxMarket(world);
const [SELLER] = world.healthyAccounts(1, 4750);
const KEY = sandboxMarketKey(SELLER!.login);

let panel: SandboxPanel;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel(
    'reset@example.test',
    'reset',
    {},
    {
      steam: { sandboxWorld: world },
      market: { sandboxMarket: market },
    },
  );
  const [steam] = await addSandboxAccounts(panel, [SELLER!], '10.51.0');
  await panel.stepUp();
  const seller = await panel.api<{ id: number }>('/api/p2p/accounts', {
    steamAccountId: steam!.id,
    apiKey: KEY,
    paymentPassword: 'pay-secret-1',
    tmCurrency: 'RUB',
  });
  // Banned before it starts: its first check with the market puts it in error.
  market.setSellingBan(KEY, true);
  await panel.api('/api/p2p/accounts/start', { ids: [seller.id] });
});

test.afterAll(async () => {
  await panel?.stop();
});

const chipOf = (page: Page) =>
  page
    .getByRole('grid', { name: 'P2P аккаунты' })
    .locator('tr', { hasText: SELLER!.login })
    .getByTestId('platform-status');

test('a marketplace error is reset from the view dialog: refused with the spec text while banned, then online', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/accounts');
  await expect(chipOf(page)).toHaveAttribute('data-status', 'error', { timeout: 60_000 });

  await page.keyboard.press('j');
  await page.keyboard.press('v');
  const dialog = page.getByRole('dialog', { name: `P2P аккаунт: ${SELLER!.login}` });
  await expect(dialog.getByTestId('view-platform')).toContainText('Ошибка');
  const reset = dialog.getByRole('button', { name: 'Сбросить ошибку маркетплейса' });
  await reset.click();
  await expect(dialog.getByTestId('reset-error-failed')).toHaveText(
    'Не удалось сбросить ошибку маркетплейса',
  );
  await expect(chipOf(page)).toHaveAttribute('data-status', 'error');

  // The market lifted the ban: the reset clears the error, and the account goes online at once.
  market.setSellingBan(KEY, false);
  await reset.click();
  await expect(page.getByText('Ошибка маркетплейса сброшена')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(chipOf(page)).toHaveAttribute('data-status', 'online', { timeout: 60_000 });
  expect(problems).toEqual([]);
});
