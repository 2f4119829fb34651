import { expect, test } from '@playwright/test';
import { SandboxWorld, sandboxMafileText } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// A sale as the lots screen shows it: no Sync pressed, the sold lot leaves "В продаже" by itself.
const world = new SandboxWorld();
const [ACCOUNT] = world.healthyAccounts(1, 8801);

interface Lot {
  id: number;
  name: string;
  exterior: string | null;
  marketHashName: string;
}

let panel: SandboxPanel;
let sellerId = 0;
let sold: Lot;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel('sold@example.test', 'sold');
  const added = await panel.api<{ addedAccounts: { id: number }[] }>('/api/steam-accounts', {
    accounts: {
      '0': {
        login: ACCOUNT!.login,
        password: ACCOUNT!.password,
        mafile: sandboxMafileText(ACCOUNT!),
        proxyData: { protocol: 'http', address: '10.48.0.1', port: 3128, username: null, password: null },
      },
    },
  });
  await panel.stepUp();
  const seller = await panel.api<{ id: number }>('/api/p2p/accounts', {
    steamAccountId: added.addedAccounts[0]!.id,
    apiKey: `sandbox-tm-${ACCOUNT!.login.toLowerCase()}`,
    paymentPassword: 'pay-secret-1',
    tmCurrency: 'RUB',
  });
  sellerId = seller.id;
  await panel.api('/api/p2p/lots/sync', {});
  const inventory = await panel.api<{ items: Lot[] }>('/api/p2p/lots/query', {
    withStatus: ['in_inventory'],
    pages: { page: 1, pageSize: 100 },
  });
  // An item the account holds once, listed at one kopeck: the sandbox's buyers take it as soon as it is online.
  const counts = new Map<string, number>();
  for (const lot of inventory.items)
    counts.set(lot.marketHashName, (counts.get(lot.marketHashName) ?? 0) + 1);
  sold = inventory.items.find((lot) => counts.get(lot.marketHashName) === 1)!;
  await panel.api('/api/p2p/lots/add-to-sale', {
    items: [{ id: sold.id, price: { currency: 'RUB', amount: 1 } }],
  });
});

test.afterAll(async () => {
  await panel?.stop();
});

test('a sale the seller loop sees moves its lot out of "В продаже" on screen, without a sync', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/lots');
  const grid = page.getByRole('grid', { name: 'Лоты' });
  await page.getByPlaceholder('Поиск по названию предмета').fill(sold.name);
  // One row per item name and exterior: the exterior tells apart groups of one name.
  const group = grid
    .locator('tr', { has: page.locator('[data-testid="group-name"]', { hasText: sold.name }) })
    .filter({ hasText: sold.exterior ?? sold.name });
  await expect(group).toContainText('В продаже: 1');

  // The account goes online: a buyer takes the lot and the loop receives the delivery request.
  await panel.api('/api/p2p/accounts/start', { ids: [sellerId] });
  await expect(group).toContainText('Готов к обмену: 1', { timeout: 45_000 });
  await expect(group).not.toContainText('В продаже');
  expect(problems).toEqual([]);
});
