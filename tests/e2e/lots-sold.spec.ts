import { expect, test } from '@playwright/test';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { connectSandboxSeller, lotGroupRow, lotsByName, lotsInInventory } from './sandbox-sellers.ts';

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
  const [steam] = await addSandboxAccounts(panel, [ACCOUNT!], '10.48.0');
  await panel.stepUp();
  sellerId = await connectSandboxSeller(panel, steam!);
  await panel.api('/api/p2p/lots/sync', {});
  // An item the account holds once, listed at one kopeck: the sandbox's buyers take it as soon as it is online.
  sold = [...lotsByName(await lotsInInventory<Lot>(panel)).values()].find((group) => group.length === 1)![0]!;
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
  const { group } = await lotGroupRow(page, sold);
  await expect(group).toContainText('В продаже: 1');

  // The account goes online: a buyer takes the lot and the loop receives the delivery request.
  await panel.api('/api/p2p/accounts/start', { ids: [sellerId] });
  await expect(group).toContainText('Готов к обмену: 1', { timeout: 45_000 });
  await expect(group).not.toContainText('В продаже');
  expect(problems).toEqual([]);
});
