import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatMoney, type Money } from '../../packages/sdk/src/domain/index.ts';
import { type Clock, SandboxWorld, systemClock } from '../../packages/server/src/integrations/steam/index.ts';
import { scriptProtection } from '../../packages/server/test/portfolio/protection-script.ts';
import { watchConsole } from './console-guard.ts';
import { addSandboxAccounts, type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// The Portfolio screen over a scripted Trade Protection world (protection-script.ts): CS2 items received under
// protection shown with the time it ends, a reversal taking one back, a hold ending during the run (the item
// tradable again under a new asset id, the same holding), values with their source and age, and an outlier marked
// and left out of the totals until outliers are counted.
const MINUTE = 60_000;
const world = new SandboxWorld(undefined, { inventorySizes: { cs2: 8 } });
const [GIVER, RECEIVER] = world.healthyAccounts(2, 4320);
// The simulated Steam's clock moves with the server's, so a hold ends during the run.
let ahead = 0;
const steamClock: Clock = { now: () => Date.now() + ahead, sleep: systemClock.sleep };

interface Holding {
  id: number;
  assetId: string;
  contextId: string;
  marketHashName: string;
  protectedUntil: string | null;
  goneAt: string | null;
  assets: { assetId: string }[];
}

let panel: SandboxPanel;
let receiverId = 0;
let giverId = 0;
let script: ReturnType<typeof scriptProtection>;
/** The two items priced by hand: one in line with the Steam market's reference, one ten times over it. */
const priced = { fair: { name: '', price: 0, count: 0 }, outlier: { name: '', price: 0, count: 0 } };

const holding = (assetId: string) =>
  panel.api<Holding>('/api/portfolio/holding', { accountId: receiverId, assetId });

/** Reads the accounts' CS2 inventories again and waits until each scan was stamped after the call. */
async function scan(accountIds: number[]) {
  const started = Date.now() + ahead;
  await panel.api('/api/steam-trading/inventory-refresh', { accountIds, games: ['cs2'] });
  await expect
    .poll(
      async () => {
        for (const id of accountIds) {
          const data = await panel.api<{ scans: { game: string; attemptedAt: string }[] }>(
            `/api/steam-accounts/${id}/inventory/query`,
            {},
          );
          if (!data.scans.some((s) => s.game === 'cs2' && Date.parse(s.attemptedAt) >= started)) return false;
        }
        return true;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Moves the server's and the simulated Steam's clocks ahead together. */
function advance(ms: number) {
  ahead += ms;
  panel.advance(ms);
}

const shortDate = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' });
const usd = (amount: number): Money => ({ currency: 'USD', amount });
const totalsText = (value: number, items: number, outliers: number) =>
  new RegExp(
    `^Итого: ${literal(formatMoney(usd(value), 'ru-RU'))} · предметов: ${items} · .*выбросов не учтено: ${outliers}$`,
  );
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  panel = await startSandboxPanel(
    'portfolio-protection@example.test',
    'trader',
    {},
    {
      steam: { sandboxWorld: world, clock: steamClock },
    },
  );
  await panel.api('/api/settings', { displayedCurrency: 'USD', tmPreferredCurrency: 'USD' }, 'PUT');
  const added = await addSandboxAccounts(panel, [GIVER!, RECEIVER!], '10.43.2');
  [giverId, receiverId] = added.map((row) => row.id) as [number, number];
  // Four CS2 items given to the receiver: two holds end in 2 and 4 minutes, one lasts the run, one is reversed.
  script = scriptProtection(world, GIVER!, RECEIVER!, steamClock.now(), {
    firstEndsInMs: 2 * MINUTE,
    secondEndsInMs: 4 * MINUTE,
  });
  await scan([giverId, receiverId]);
  const receivedNames = new Set(
    (
      await Promise.all(
        [script.endingFirst, script.endingSecond, script.heldThroughout, script.reversed].map((asset) =>
          holding(asset.assetId),
        ),
      )
    ).map((row) => row.marketHashName),
  );

  // Custom prices for two of the giver's remaining items, set through the price profile: one at the Steam
  // reference, one ten times it (an outlier against the Steam price, the only other source).
  const { items } = await panel.api<{
    items: { marketHashName: string; count: number; unitValue: { price: Money } | null }[];
  }>('/api/portfolio/query', {
    by: 'item',
    game: 'cs2',
    source: 'steam',
    currency: 'USD',
    pages: { page: 1, pageSize: 100 },
  });
  // Names no other item's name contains, so a search for one finds that item alone.
  const [fair, outlier] = items.filter(
    (row) =>
      row.unitValue?.price.currency === 'USD' &&
      !receivedNames.has(row.marketHashName) &&
      !items.some((other) => other !== row && other.marketHashName.includes(row.marketHashName)),
  ) as [(typeof items)[number], (typeof items)[number]];
  for (const [key, row, factor] of [
    ['fair', fair, 1],
    ['outlier', outlier, 10],
  ] as const) {
    const price = row.unitValue!.price.amount * factor;
    priced[key] = { name: row.marketHashName, price, count: row.count };
    await panel.api('/api/p2p/prices/custom', {
      marketHashName: row.marketHashName,
      game: 'cs2',
      price: usd(price),
    });
  }
});

test.afterAll(async () => {
  await panel?.stop();
});

const rows = (grid: Locator) => grid.locator('tbody tr');

async function openPortfolio(page: Page, path = '/panel/portfolio') {
  await panel.openPanel(page, path);
  await expect(page.getByRole('heading', { name: 'Портфель' })).toBeVisible();
  return page.getByRole('grid', { name: 'Портфель' });
}

test('shows received CS2 items as protected until their hold ends, follows a reversal and a hold ending into a new asset id', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const grid = await openPortfolio(page);
  await expect(rows(grid).first()).toBeVisible();

  // Filters beyond "tradable": the game, then protected only, listed asset by asset.
  await page.getByTestId('portfolio-game').selectOption('cs2');
  await expect(page).toHaveURL(/game=cs2/);
  await page.getByTestId('portfolio-by').selectOption('flat');
  await page.getByTestId('portfolio-protected').click();
  await expect(page).toHaveURL(/protected=1/);
  const received = [script.endingFirst, script.heldThroughout, script.endingSecond, script.reversed];
  await expect(rows(grid)).toHaveCount(received.length);
  const held = await Promise.all(received.map((asset) => holding(asset.assetId)));
  // Each protected item shows when its protection ends, as Steam's description of it says.
  for (const item of held) {
    expect(item).toMatchObject({ contextId: '16', goneAt: null });
    expect(item.protectedUntil).not.toBeNull();
  }
  const ends = held.map((item) => shortDate(item.protectedUntil!));
  const shown = await rows(grid).locator('[data-protected="true"]').allTextContents();
  expect(shown.sort()).toEqual([...ends].sort());
  for (const row of await rows(grid).all()) await expect(row).toContainText(RECEIVER!.login);
  // Valued from the Steam market's reference the scan carried: each price with its source and age.
  await page.getByTestId('portfolio-source').selectOption('steam');
  await expect(rows(grid).getByTestId('portfolio-price')).toHaveCount(received.length);
  for (const price of await rows(grid).getByTestId('portfolio-price').all())
    await expect(price).toContainText(/\$\s*Steam · \d+ мин\. назад$/);
  await page.screenshot({ path: test.info().outputPath('protection-protected-only.png') });

  // By item, protected only: each group counts its protected items and shows the earliest end.
  await page.getByTestId('portfolio-by').selectOption('');
  await expect(rows(grid).first()).toBeVisible();
  const first = held[0]!;
  const earliest = held
    .filter((item) => item.marketHashName === first.marketHashName)
    .map((item) => item.protectedUntil!)
    .sort()[0]!;
  await expect(rows(grid).filter({ hasText: first.marketHashName }).first()).toContainText(
    shortDate(earliest),
  );

  // The giver takes one item back within the protection window: it leaves the receiver's portfolio live.
  await page.getByTestId('portfolio-by').selectOption('flat');
  await expect(rows(grid)).toHaveCount(4);
  script.reverse(steamClock.now());
  await scan([receiverId]);
  await expect(rows(grid)).toHaveCount(3);
  const reversed = await holding(script.reversed.assetId);
  expect(reversed.id).toBe(held[3]!.id);
  expect(reversed.goneAt).not.toBeNull();

  // The first hold ends: Steam lists the item in context 2 under a new asset id; the portfolio keeps it as the
  // same holding, no longer protected and tradable now.
  advance(3 * MINUTE);
  await scan([receiverId]);
  await expect(rows(grid)).toHaveCount(2);
  const after = await holding(script.endingFirst.assetId);
  expect(after).toMatchObject({ id: held[0]!.id, contextId: '2', goneAt: null, protectedUntil: null });
  expect(after.assetId).not.toBe(script.endingFirst.assetId);
  expect(after.assets.map((asset) => asset.assetId)).toEqual([script.endingFirst.assetId, after.assetId]);
  expect((await holding(after.assetId)).id).toBe(held[0]!.id);
  await page.screenshot({ path: test.info().outputPath('protection-after-hold-ended.png') });

  // Tradable now, searched by its name on the receiver: the item is there, with no protection end.
  await page.getByTestId('portfolio-protected').click();
  await page.getByTestId('portfolio-tradable').click();
  await expect(page).toHaveURL(/tradable=1/);
  await page.getByTestId('portfolio-search').fill(first.marketHashName);
  await expect(page).toHaveURL(/q=/);
  const mine = rows(grid).filter({ hasText: RECEIVER!.login });
  await expect(mine).toHaveCount(1);
  await expect(mine.locator('[data-protected]')).toHaveAttribute('data-protected', 'false');
  await expect(mine.locator('[data-protected]')).toHaveText('');
  for (const row of await rows(grid).all()) await expect(row).toContainText(first.marketHashName);
  await page.screenshot({ path: test.info().outputPath('protection-tradable-again.png') });
  expect(problems).toEqual([]);
});

test('shows each value with its source and age, marks an outlier and leaves it out of the totals until counted', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const problems = watchConsole(page);
  // The custom prices are at least this old on the server's clock when the screen reads them.
  advance(5 * MINUTE);
  const grid = await openPortfolio(page, '/panel/portfolio?game=cs2');
  await page.getByTestId('portfolio-source').selectOption('custom');
  await expect(page).toHaveURL(/source=custom/);
  const totals = page.getByTestId('portfolio-totals');

  // The price in line with the Steam reference: counted, with its source and its age in minutes.
  await page.getByTestId('portfolio-search').fill(priced.fair.name);
  const fairRow = rows(grid).filter({ hasText: priced.fair.name }).first();
  const fairPrice = fairRow.getByTestId('portfolio-price');
  await expect(fairPrice).toHaveAttribute('data-outlier', 'false');
  await expect(fairPrice).toHaveAttribute('data-counted', 'true');
  await expect(fairPrice).toContainText(formatMoney(usd(priced.fair.price), 'ru-RU'));
  await expect(fairPrice).toContainText(/своя · \d+ мин\. назад/);
  const age = Number(/своя · (\d+) мин/.exec((await fairPrice.textContent()) ?? '')![1]);
  expect(age).toBeGreaterThanOrEqual(5);
  await expect(totals).toHaveText(totalsText(priced.fair.price * priced.fair.count, priced.fair.count, 0));
  await page.screenshot({ path: test.info().outputPath('values-with-age.png') });

  // Ten times the Steam reference: marked an outlier, struck through, left out of the totals.
  await page.getByTestId('portfolio-search').fill(priced.outlier.name);
  const outlierRow = rows(grid).filter({ hasText: priced.outlier.name }).first();
  const outlierPrice = outlierRow.getByTestId('portfolio-price');
  await expect(outlierPrice).toHaveAttribute('data-outlier', 'true');
  await expect(outlierPrice).toContainText('выброс');
  await expect(outlierPrice).toHaveAttribute('data-counted', 'false');
  await expect(outlierPrice).toContainText(formatMoney(usd(priced.outlier.price), 'ru-RU'));
  await expect(totals).toHaveText(totalsText(0, 0, priced.outlier.count));
  await page.screenshot({ path: test.info().outputPath('outlier-left-out.png') });

  // Counted once the user includes outliers.
  await page.getByTestId('portfolio-outliers').click();
  await expect(page).toHaveURL(/outliers=1/);
  await expect(totals).toHaveText(
    totalsText(priced.outlier.price * priced.outlier.count, priced.outlier.count, 0),
  );
  await expect(outlierPrice).toHaveAttribute('data-outlier', 'true');
  await expect(outlierPrice).toHaveAttribute('data-counted', 'true');
  await page.screenshot({ path: test.info().outputPath('outlier-counted.png') });
  expect(problems).toEqual([]);
});
