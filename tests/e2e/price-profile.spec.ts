import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';
import { type SandboxPanel, startSandboxPanel } from './sandbox-panel.ts';

// The price profile against a sandbox server of this suite's own: sixty custom prices, so the table is a full page
// of fifty rows and anything drawn beneath it is out of view.
const NAMES = Array.from(
  { length: 60 },
  (_, i) => `Test Rifle ${String(i + 1).padStart(2, '0')} | Dust (Field-Tested)`,
);

let panel: SandboxPanel;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  panel = await startSandboxPanel('prices@example.test', 'prices');
  const text = NAMES.map((name, i) => `${name};${100 + i}.50`).join('\n');
  await panel.api('/api/p2p/prices/import', { text, currency: 'RUB' });
});

test.afterAll(async () => {
  await panel?.stop();
});

test('h shows the price history of the row under the cursor in view, titled with its exterior', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.openPanel(page, '/panel/price-profile');
  const grid = page.getByRole('grid', { name: 'Ценовой профиль' });
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  await page.keyboard.press('j');
  const active = grid.locator('tr[data-active]');
  await expect(active).toContainText(/Test Rifle \d\d/);
  const number = /Test Rifle (\d\d)/.exec((await active.textContent()) ?? '')![1]!;
  const item = NAMES[Number(number) - 1]!;
  await page.keyboard.press('h');
  const history = page.getByRole('dialog', { name: `История цены: ${item}` });
  await expect(history).toBeInViewport();
  await expect(history.getByTestId('price-history-chart')).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  expect(problems).toEqual([]);
});

test('the paste refuses a rouble price with three decimals, as the thresholds do', async ({ page }) => {
  await panel.openPanel(page, '/panel/price-profile');
  await page.getByRole('button', { name: /Вставить цены/ }).click();
  const paste = page.getByRole('dialog', { name: 'Вставить цены' });
  await paste.getByLabel('Валюта').selectOption('RUB');
  await paste.getByRole('textbox').fill(`${NAMES[1]};40.123`);
  await expect(paste.getByTestId('paste-issue')).toContainText(
    'Цена — это число с не более чем 2 знаками после запятой',
  );
  await expect(paste.getByRole('button', { name: 'Импортировать' })).toBeDisabled();
  // The server holds the same rule for a paste sent past the dialog.
  const answer = await panel.api<{ imported: number; lines: { ok: boolean; message: string }[] }>(
    '/api/p2p/prices/import',
    { text: `${NAMES[1]};40.123`, currency: 'RUB' },
  );
  expect(answer.imported).toBe(0);
  expect(answer.lines[0]).toMatchObject({
    ok: false,
    message: 'Цена — это число с не более чем 2 знаками после запятой',
  });
});
