import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatMoney } from '../../packages/sdk/src/domain/index.ts';
import { SandboxMarket } from '../../packages/server/src/integrations/market/index.ts';
import { SandboxWorld, sandboxMafileText } from '../../packages/server/src/integrations/steam/index.ts';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';
import { screenshot } from './screenshots.ts';

// The ledger screen against a sandbox server sharing its simulated market with the suite: past sales read by a
// lots sync (two settled, two still held), the profit table and chart, the profit CSV, then a buyer reversing a
// held sale under Trade Protection: the next sync reverses it in the ledger and the notification arrives live.
const world = new SandboxWorld();
const market = new SandboxMarket(world);
const [ACCOUNT] = world.healthyAccounts(1, 8831);
const API_KEY = `sandbox-tm-${ACCOUNT!.login.toLowerCase()}`;
const DAY_MS = 86_400_000;
/** Days ago of each sale: the first two left their 7-day hold, the last two are held. */
const SALE_DAYS_AGO = [20, 10, 3, 2];
const PRICES = [30_000, 12_000, 50_000, 20_000];

interface ProfitAnswer {
  rows: { key: string; revenue: { amount: number }; held: { amount: number } }[];
  total: { revenue: { amount: number }; held: { amount: number } };
}

let panel: SandboxPanel;
let reversedItemId = '';
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const saleTimes = SALE_DAYS_AGO.map((days) => Date.now() - days * DAY_MS);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel(
    'ledger@example.test',
    'ledger',
    {},
    {
      steam: { sandboxWorld: world },
      market: { sandboxMarket: market },
    },
  );
  await panel.api('/api/settings', { displayedCurrency: 'RUB', tmPreferredCurrency: 'RUB' }, 'PUT');
  await panel.api('/api/steam-accounts', {
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
  await panel.api('/api/p2p/accounts', {
    steamAccountId: (await panel.api<{ items: { id: number }[] }>('/api/steam-accounts/query', {})).items[0]!
      .id,
    apiKey: API_KEY,
    paymentPassword: 'pay-secret-1',
    tmCurrency: 'RUB',
  });
  const account = market.account(API_KEY, 'RUB')!;
  const items = market.steamItems(account, Date.now()).filter((item) => item.game === 'cs2');
  const itemIds = saleTimes.map((soldAt, index) =>
    market.pastSale(
      account,
      items[index]!.asset,
      'cs2',
      { currency: 'RUB', amount: PRICES[index]! },
      soldAt - 3_600_000,
      soldAt,
    ),
  );
  market.advance(Date.now());
  reversedItemId = itemIds[3]!;
  await panel.api('/api/p2p/lots/sync', {});
});

test.afterAll(async () => {
  await panel?.stop();
});

test('the ledger shows profit per day with its chart and CSV, and a reversal arrives live', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const before = await panel.api<ProfitAnswer>('/api/ledger/profit', { by: 'day' });
  // Every sale is a day of its own; the two latest are held.
  expect(before.rows.map((row) => row.key)).toEqual(saleTimes.map(dayOf));
  expect(before.total.held.amount).toBe(before.rows[2]!.revenue.amount + before.rows[3]!.revenue.amount);

  await panel.openPanel(page, '/panel/ledger', 'en');
  await expect(page.getByRole('heading', { name: 'Ledger and profit' })).toBeVisible({ timeout: 60_000 });
  const grid = page.getByRole('grid', { name: 'Ledger and profit' });
  await expect(grid.getByTestId('profit-key')).toHaveText(saleTimes.map(dayOf));
  await expect(page.getByTestId('ledger-totals')).toContainText('Revenue:');

  // The chart: one bar per day, revenue first; the series switch goes to money held by keyboard (c).
  const chart = page.getByTestId('ledger-chart');
  await expect(chart).toHaveAttribute('data-points', '4');
  await expect(page.getByRole('img', { name: 'Chart: Revenue' })).toBeVisible();
  await page.locator('body').click();
  await page.keyboard.press('c');
  await expect(page.getByRole('img', { name: 'Chart: Profit' })).toBeVisible();
  await page.keyboard.press('c');
  await expect(page.getByRole('img', { name: 'Chart: Held' })).toBeVisible();
  await expect(page).toHaveURL(/series=held/);
  await screenshot(page, 'ledger');

  // CSV of the profit report: a line per day and the total, amounts as decimals.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('ledger-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ledger-profit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('key,revenue,cost,fees,profit,realised,pending,held,currency');
  expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual([...saleTimes.map(dayOf), 'total']);
  expect(csv[1]!.split(',')[1]).toBe((before.rows[0]!.revenue.amount / 100).toFixed(2));

  // The buyer of the latest sale reverses it; the next sync reads TM's history and the ledger reverses it.
  await expect(page.getByTestId('notification-unread')).toHaveCount(0);
  expect(market.reverseSale(API_KEY, reversedItemId, Date.now())).toBe(true);
  await panel.api('/api/p2p/lots/sync', {});
  await expect(page.getByTestId('notification-unread')).toHaveText('1', { timeout: 30_000 });
  const after = await panel.api<ProfitAnswer>('/api/ledger/profit', { by: 'day' });
  expect(after.total.revenue.amount).toBe(before.total.revenue.amount - before.rows[3]!.revenue.amount);
  // The screen read the report again when the reversal was posted: the last day's revenue is gone.
  await expect(grid.getByTestId('profit-revenue').last()).toHaveText(
    formatMoney({ currency: 'RUB', amount: after.rows.at(-1)!.revenue.amount }, 'en-US'),
  );

  await page.keyboard.press('g');
  await page.keyboard.press('n');
  const area = page.getByRole('dialog', { name: 'Notifications' });
  const item = area.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Sale reversed on ${ACCOUNT!.login}`);
  await expect(item).toContainText('taken back');
  await expect(item.getByRole('link')).toHaveAttribute('href', '/panel/ledger');
  expect(problems).toEqual([]);
});
