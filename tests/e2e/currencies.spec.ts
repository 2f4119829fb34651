import { expect, type Page, test } from '@playwright/test';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { connectSandboxSeller } from './sandbox-sellers.ts';

// Switching the displayed currency changes every amount on the dashboard, the P2P accounts and lots screens: the
// sandbox market's accounts hold RUB and USD, amounts are converted at the sandbox rates and marked "≈".
const world = new SandboxWorld();
const [RUB_ACCOUNT, USD_ACCOUNT] = world.healthyAccounts(2, 4900);

let panel: SandboxPanel;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Two sandbox sign-ins and a server start on a busy machine.
  test.setTimeout(300_000);
  panel = await startSandboxPanel('currencies@example.test', 'currencies');
  const added = await addSandboxAccounts(panel, [RUB_ACCOUNT!, USD_ACCOUNT!], '10.49.0');
  // Connecting a market key asks for the second factor.
  await panel.stepUp();
  const currencyOf = new Map<number, 'RUB' | 'USD'>();
  for (const [account, currency] of [
    [RUB_ACCOUNT!, 'RUB'],
    [USD_ACCOUNT!, 'USD'],
  ] as const) {
    const row = added.find((added) => added.login === account.login)!;
    currencyOf.set(await connectSandboxSeller(panel, row, { currency }), currency);
  }
  await listLots(currencyOf);
});

// Two lots on sale per account, each priced in its account's currency.
async function listLots(currencyOf: Map<number, 'RUB' | 'USD'>) {
  await panel.api('/api/p2p/lots/sync', {});
  const items: Array<{ id: number; price: { currency: 'RUB' | 'USD'; amount: number } }> = [];
  for (const [sellerId, currency] of currencyOf) {
    const inventory = await panel.api<{ items: Array<{ id: number }> }>('/api/p2p/lots/query', {
      accountIds: [sellerId],
      withStatus: ['in_inventory'],
      pages: { page: 1, pageSize: 10 },
    });
    if (inventory.items.length < 2)
      throw new Error(`seller ${sellerId}: ${inventory.items.length} lots to list`);
    const amount = currency === 'RUB' ? 1_500_000 : 20_000;
    for (const lot of inventory.items.slice(0, 2)) items.push({ id: lot.id, price: { currency, amount } });
  }
  await panel.api('/api/p2p/lots/add-to-sale', { items });
}

test.afterAll(async () => {
  await panel?.stop();
});

async function chooseDisplayed(page: Page, currency: 'RUB' | 'EUR' | 'USD') {
  await page.goto(`${panel.url}/panel/settings`);
  const group = page.getByRole('group', { name: 'Displayed currency' });
  await group.getByRole('button', { name: new RegExp(currency) }).click();
  await expect(group.getByRole('button', { name: new RegExp(currency) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

async function amountsOn(page: Page, testIds: string[]): Promise<string[]> {
  return Promise.all(testIds.map(async (id) => (await page.getByTestId(id).first().textContent()) ?? ''));
}

test('switching the displayed currency changes every amount on the dashboard, the P2P accounts and the lots screens', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  // English shows USD until the user chooses.
  await panel.openPanel(page, '/panel/dashboard', 'en');
  const available = page.getByTestId('dashboard-available');
  await expect(available).toHaveAttribute('data-currency', 'USD', { timeout: 60_000 });
  await expect(available).toContainText('$');
  await expect(available).toHaveAttribute('data-converted', 'true');
  await expect(available).toHaveAttribute('title', /at /);
  const dashboardIds = ['dashboard-available', 'dashboard-on-hold'];
  const inUsd = await amountsOn(page, dashboardIds);

  await chooseDisplayed(page, 'EUR');
  await page.goto(`${panel.url}/panel/dashboard`);
  // The rates arrive after the choice is shown: wait until every amount is converted before reading it.
  for (const id of dashboardIds) {
    await expect(page.getByTestId(id)).toHaveAttribute('data-currency', 'EUR');
    await expect(page.getByTestId(id)).toHaveAttribute('data-converted', 'true');
    await expect(page.getByTestId(id)).toContainText('€');
  }
  const inEur = await amountsOn(page, dashboardIds);
  for (const [i, text] of inEur.entries()) {
    expect(text).toContain('€');
    expect(text).not.toBe(inUsd[i]);
  }

  // The accounts screen: every balance follows, the one already in the displayed currency unmarked.
  await page.goto(`${panel.url}/panel/accounts`);
  const balances = page.getByTestId('seller-available');
  await expect(balances).toHaveCount(2);
  for (const balance of await balances.all()) {
    await expect(balance).toHaveAttribute('data-currency', 'EUR');
    await expect(balance).toContainText('€');
    await expect(balance).toHaveAttribute('data-converted', 'true');
  }

  // The lots screen: every price (RUB and USD lots alike) in euros, converted and marked.
  await page.goto(`${panel.url}/panel/lots`);
  const prices = page.locator(
    '[data-testid="group-price"] [data-currency], [data-testid="lot-price"] [data-currency]',
  );
  await expect(prices.first()).toBeVisible({ timeout: 30_000 });
  expect(await prices.count()).toBeGreaterThanOrEqual(2);
  for (const price of await prices.all()) {
    await expect(price).toHaveAttribute('data-currency', 'EUR');
    await expect(price).toContainText('€');
    await expect(price).toHaveAttribute('data-converted', 'true');
  }

  await chooseDisplayed(page, 'RUB');
  await page.goto(`${panel.url}/panel/accounts`);
  await expect(balances).toHaveCount(2);
  // The RUB account's balance is shown as it is; the USD account's is converted once the rates have arrived.
  await expect
    .poll(async () =>
      (await Promise.all((await balances.all()).map((b) => b.getAttribute('data-converted')))).sort(),
    )
    .toEqual([null, 'true']);
  for (const balance of await balances.all()) await expect(balance).toContainText(/RUB|₽/);
  await page.goto(`${panel.url}/panel/dashboard`);
  await expect(available).toHaveAttribute('data-currency', 'RUB');
  expect(problems).toEqual([]);
});
