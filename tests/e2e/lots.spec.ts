import { expect, type Page, test } from '@playwright/test';
import { SandboxWorld } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { connectSandboxSeller } from './sandbox-sellers.ts';
import { screenshot } from './screenshots.ts';

// The lots, sales history screens against a sandbox server of this suite's own (simulated Steam and market).
const world = new SandboxWorld();
const ACCOUNTS = world.healthyAccounts(2, 4900);
/** Listed far above the market, so the first repricing moves every lot that has competitors. */
const START_PRICE = { currency: 'RUB', amount: 9_000_000 } as const;
const LOTS_PER_ACCOUNT = 3;

interface Lot {
  id: number;
  name: string;
  marketHashName: string;
  account: { id: number };
  price: { amount: number } | null;
}

let panel: SandboxPanel;
const sellerIds: number[] = [];
let groupName = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The sandbox market takes a listing's next price change a second after the last instead of TM's minute: the
  // repricing below follows the market's spacing, and the minute is not what this suite is about.
  panel = await startSandboxPanel('lots@example.test', 'lots', { TRADEDECK_SANDBOX_PRICE_CHANGE_MS: '1000' });
  const added = await addSandboxAccounts(panel, ACCOUNTS, '10.49.0');
  // Connecting a market key asks for the second factor.
  await panel.stepUp();
  for (const row of added) sellerIds.push(await connectSandboxSeller(panel, row));
  const synced = await panel.api<{ lots: number; failed: unknown[] }>('/api/p2p/lots/sync', {});
  if (synced.failed.length > 0 || synced.lots === 0) throw new Error(`sync: ${JSON.stringify(synced)}`);
  const inventory = await panel.api<{ items: Lot[] }>('/api/p2p/lots/query', {
    withStatus: ['in_inventory'],
    pages: { page: 1, pageSize: 100 },
    sort: [{ propertyName: 'name', isDescending: false }],
  });
  // One item name held on both accounts makes a group with two orders; a few more lots around it.
  const byName = new Map<string, Lot[]>();
  for (const lot of inventory.items)
    byName.set(lot.marketHashName, [...(byName.get(lot.marketHashName) ?? []), lot]);
  const shared = [...byName.values()].find((lots) => new Set(lots.map((lot) => lot.account.id)).size > 1);
  const picked = shared ?? inventory.items.slice(0, 1);
  groupName = picked[0]!.name;
  const others = sellerIds.flatMap((id) =>
    inventory.items
      .filter((lot) => lot.account.id === id && !picked.includes(lot))
      .slice(0, LOTS_PER_ACCOUNT),
  );
  await panel.api('/api/p2p/lots/add-to-sale', {
    items: [...picked, ...others].map((lot) => ({ id: lot.id, price: START_PRICE })),
  });
  await panel.api('/api/p2p/lots/thresholds', {
    selection: { filters: { withStatus: ['on_sale'] } },
    min: '0.01',
    max: '100000',
  });
});

test.afterAll(async () => {
  await panel?.stop();
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Лоты' });

/** Moves the keyboard cursor (j) onto the group's row. */
async function cursorToGroup(page: Page, name: string) {
  const active = page.locator('tr[data-active] [data-testid="group-name"]');
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('j');
    if ((await active.count()) > 0 && (await active.textContent()) === name) return;
  }
  await expect(active).toHaveText(name);
}

test('thresholds dialog shows the spec’s validation messages', async ({ page }) => {
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/lots');
  await expect(grid(page).locator('[data-testid="group-name"]', { hasText: groupName })).toBeVisible();
  await cursorToGroup(page, groupName);
  await page.keyboard.press('t');
  const min = page.getByLabel('Минимальная цена');
  const max = page.getByLabel('Максимальная цена');
  await min.fill('abc');
  await max.fill('-1');
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText('Введите число')).toBeVisible();
  await expect(page.getByText('Цена не может быть отрицательной')).toBeVisible();
  await min.fill('20');
  await max.fill('10');
  await expect(page.getByText('Минимальная цена не может быть больше максимальной')).toBeVisible();
  await max.fill('20');
  await expect(
    page.getByText('Разница между минимальной и максимальной ценой должна быть не меньше 0.01'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  expect(problems).toEqual([]);
});

test('reprice a group with a preview, apply it and see the prices change live', async ({ page }) => {
  test.setTimeout(180_000);
  // The market takes one price change per spacing (a second here) per listing: the lots were just listed.
  await expect
    .poll(
      async () => {
        const preview = await panel.api<{ summary: { changed: number } }>('/api/p2p/lots/reprice/preview', {
          selection: { filters: { withStatus: ['on_sale'] } },
          strategy: { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 },
          profile: 'aggressive',
          itemsLimit: 0,
        });
        return preview.summary.changed;
      },
      { timeout: 90_000, intervals: [500, 1_000] },
    )
    .toBeGreaterThan(0);

  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/lots');
  await cursorToGroup(page, groupName);
  await page.keyboard.press('o');
  const prices = grid(page).locator('[data-testid="lot-price"]');
  await expect(prices.first()).toBeVisible();
  const before = await prices.allTextContents();

  await page.keyboard.press('p');
  await expect(page.getByRole('heading', { name: `Переоценка группы «${groupName}»` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Профиль' }).selectOption('aggressive');
  const apply = page.getByRole('button', { name: 'Применить' });
  await expect(apply).toBeDisabled();
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(page.getByTestId('reprice-counts')).toContainText('Изменятся:');
  await expect(page.getByTestId('reprice-line').first()).toBeVisible();
  await screenshot(page, 'lots-reprice');
  await apply.click();
  await expect(page.getByTestId('reprice-counts')).toHaveCount(0, { timeout: 60_000 });

  await expect
    .poll(async () => (await prices.allTextContents()).join('|'), { timeout: 30_000 })
    .not.toBe(before.join('|'));
  expect(problems).toEqual([]);
});

test('sales history draws the revenue chart', async ({ page }) => {
  test.setTimeout(120_000);
  await panel.api('/api/p2p/accounts/start', { ids: sellerIds });
  await panel.api('/api/p2p/sandbox/simulate-sales', { ids: [sellerIds[0]], count: 1 });
  await expect
    .poll(
      async () => {
        await panel.api('/api/p2p/lots/sync', {});
        const totals = await panel.api<{ count: number }>('/api/p2p/sales/totals', {});
        return totals.count;
      },
      { timeout: 60_000, intervals: [3_000] },
    )
    .toBeGreaterThan(0);
  const problems = watchConsole(page);
  await panel.openPanel(page, '/panel/sales-history');
  const chart = page.getByRole('img', { name: 'Выручка по дням' });
  await expect(chart).toBeVisible();
  // One bar per day of the sales, with its day and amount as the tooltip.
  await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/);
  await expect(chart.locator('title').first()).toContainText(':');
  await expect(page.getByTestId('sales-totals')).toContainText('Продаж: ');
  expect(problems).toEqual([]);
});
