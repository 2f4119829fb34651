import { expect, test } from '@playwright/test';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { connectSandboxSeller, lotGroupRow, lotsByName, lotsInInventory } from './sandbox-sellers.ts';

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
  const [steam] = await addSandboxAccounts(panel, [ACCOUNT!], '10.48.0');
  await panel.stepUp();
  // One Steam account, two seller accounts: Waxpeer sells in USD only, so TM does too.
  for (const platform of ['tm', 'waxpeer'] as const)
    sellerIds.push(await connectSandboxSeller(panel, steam!, { currency: 'USD', platform }));
  await panel.api('/api/p2p/lots/sync', {});
  // An item the account holds once: its group holds exactly its two lots, one per market.
  const lots = [...lotsByName(await lotsInInventory<Lot>(panel)).values()].find(
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
  const { grid, group } = await lotGroupRow(page, item);
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
