import { expect, test } from '@playwright/test';
import { SandboxWorld, sandboxMafileText } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// One item listed on TM and on Waxpeer (the sandbox of each) as the lots screen shows it: both market chips under
// its group, and once it sells on Waxpeer the TM listing is taken down, seen on screen without a sync.
const world = new SandboxWorld();
const [ACCOUNT] = world.healthyAccounts(1, 8821);
const SHOTS = 'test-results/lots-two-markets';

interface Lot {
  id: number;
  name: string;
  exterior: string | null;
  assetId: string;
  platform: 'tm' | 'waxpeer';
  marketHashName: string;
}

// Wide enough for the status and issues columns to be in the screenshots.
test.use({ viewport: { width: 1920, height: 720 } });

let panel: SandboxPanel;
const sellerIds: number[] = [];
let item: { name: string; exterior: string | null; tm: Lot; waxpeer: Lot };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel('two-markets@example.test', 'twomarkets');
  const added = await panel.api<{ addedAccounts: { id: number }[] }>('/api/steam-accounts', {
    accounts: {
      '0': {
        login: ACCOUNT!.login,
        password: ACCOUNT!.password,
        mafile: sandboxMafileText(ACCOUNT!),
        proxyData: { protocol: 'http', address: '10.48.0.2', port: 3128, username: null, password: null },
      },
    },
  });
  await panel.stepUp();
  // One Steam account, two seller accounts: Waxpeer sells in USD only, so TM does too.
  for (const platform of ['tm', 'waxpeer'] as const) {
    const seller = await panel.api<{ id: number }>('/api/p2p/accounts', {
      steamAccountId: added.addedAccounts[0]!.id,
      apiKey: `sandbox-tm-${ACCOUNT!.login.toLowerCase()}`,
      paymentPassword: 'pay-secret-1',
      tmCurrency: 'USD',
      platform,
    });
    sellerIds.push(seller.id);
  }
  await panel.api('/api/p2p/lots/sync', {});
  // An item the account holds once: its group holds exactly its two lots, one per market.
  const byName = new Map<string, Lot[]>();
  for (let page = 1; ; page++) {
    const inventory = await panel.api<{ items: Lot[] }>('/api/p2p/lots/query', {
      withStatus: ['in_inventory'],
      pages: { page, pageSize: 100 },
    });
    for (const lot of inventory.items)
      byName.set(lot.marketHashName, [...(byName.get(lot.marketHashName) ?? []), lot]);
    if (inventory.items.length < 100) break;
  }
  const lots = [...byName.values()].find(
    (group) => group.length === 2 && group[0]!.assetId === group[1]!.assetId,
  )!;
  const on = (platform: Lot['platform']) => lots.find((lot) => lot.platform === platform)!;
  item = { name: lots[0]!.name, exterior: lots[0]!.exterior, tm: on('tm'), waxpeer: on('waxpeer') };
  // Waxpeer's at one mil, taken by the sandbox's buyers as soon as the account is online; TM's far above the
  // market, where nobody buys it.
  await panel.api('/api/p2p/lots/add-to-sale', {
    items: [
      { id: item.waxpeer.id, price: { currency: 'USD', amount: 1 } },
      { id: item.tm.id, price: { currency: 'USD', amount: 90_000_000 } },
    ],
  });
});

test.afterAll(async () => {
  await panel?.stop();
});

test('a lot listed on TM and Waxpeer shows both chips; sold on Waxpeer, it is taken down on TM', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/lots');
  const grid = page.getByRole('grid', { name: 'Лоты' });
  await page.getByPlaceholder('Поиск по названию предмета').fill(item.name);
  // One row per item name and exterior: the exterior tells apart groups of one name.
  const group = grid
    .locator('tr', { has: page.locator('[data-testid="group-name"]', { hasText: item.name }) })
    .filter({ hasText: item.exterior ?? item.name });
  await expect(group).toContainText('В продаже: 2');
  await group.getByRole('button', { name: 'Показать ордера группы' }).click();
  const lotOn = (market: string) =>
    grid.locator('tr', { has: page.locator(`[data-testid="lot-market"][data-market="${market}"]`) });
  await expect(lotOn('tm').getByTestId('lot-market')).toHaveText('TM');
  await expect(lotOn('waxpeer').getByTestId('lot-market')).toHaveText('Waxpeer');
  await expect(lotOn('tm')).toContainText('В продаже');
  await expect(lotOn('waxpeer')).toContainText('В продаже');
  await page.screenshot({ path: `${SHOTS}/listed-on-both.png` });

  // The accounts go online: a Waxpeer buyer takes the lot, and the TM listing is taken down at once.
  await panel.api('/api/p2p/accounts/start', { ids: sellerIds });
  await expect(lotOn('waxpeer')).toContainText('Готов к обмену', { timeout: 60_000 });
  await expect(lotOn('tm')).toContainText('Продан на другом маркете', { timeout: 30_000 });
  await expect(lotOn('tm')).toContainText('В инвентаре');
  await expect(lotOn('tm')).not.toContainText('В продаже');
  await page.screenshot({ path: `${SHOTS}/sold-on-waxpeer.png` });
  expect(problems).toEqual([]);
});
