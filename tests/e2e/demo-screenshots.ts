import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { plainText, screenshot, terminalScreenshot, UPDATE_SCREENSHOTS } from './screenshots.ts';

/** The README's pictures of every area, as the newcomer sees them after the import (UPDATE_SCREENSHOTS=1). */
export async function takeDemoScreenshots(
  page: Page,
  url: string,
  importCommand: string,
  demo: { sellers: readonly string[]; tmuxSocket: string; root: string },
) {
  const { sellers, tmuxSocket, root } = demo;
  if (!UPDATE_SCREENSHOTS) return;
  // A shared machine under load takes its time; the pictures wait for the data rather than fail.
  const slow = expect.configure({ timeout: 30_000 });
  const shots: [string, string, () => Promise<void>][] = [
    [
      'dashboard',
      '/panel/dashboard',
      async () => {
        await slow(page.getByRole('heading', { name: 'Дашборд' })).toBeVisible();
      },
    ],
    [
      'proxies',
      '/panel/proxy',
      async () => {
        await slow(page.locator('td [data-status]').first()).toBeVisible();
      },
    ],
    [
      'steam-accounts',
      '/panel/steam-accounts',
      async () => {
        await slow(page.getByTestId('account-login').first()).toBeVisible();
      },
    ],
    [
      'p2p-accounts',
      '/panel/accounts',
      async () => {
        await slow(page.getByTestId('seller-login').first()).toBeVisible();
      },
    ],
    [
      'lots',
      '/panel/lots?status=on_sale',
      async () => {
        await slow(page.getByTestId('group-price').first()).toBeVisible();
        // The menu folded for the wide table, the first group opened: its orders with their thresholds.
        await page.getByRole('button', { name: 'Свернуть меню' }).click();
        await page.keyboard.press('j');
        await page.keyboard.press('o');
        await slow(page.getByTestId('lot-min').filter({ hasText: /\d/ }).first()).toBeVisible();
      },
    ],
    [
      'sales-history',
      '/panel/sales-history',
      async () => {
        await slow(page.getByTestId('chart-point').first()).toBeVisible();
      },
    ],
    [
      'price-profile',
      // Ten rows, so the chosen item's price chart shows beneath them.
      '/panel/price-profile?sort=customPrice.asc&size=10',
      async () => {
        await slow(
          page.getByRole('grid', { name: 'Ценовой профиль' }).locator('tbody tr').first(),
        ).toBeVisible();
        await page.keyboard.press('j');
        await slow(page.locator('tr[data-active]')).toBeVisible();
        await page.keyboard.press('h');
        const chart = page.getByTestId('price-history-chart');
        await slow(chart).toHaveAttribute('data-points', /\d+/);
        await chart.scrollIntoViewIfNeeded();
      },
    ],
    [
      'harvester',
      '/panel/harvester',
      async () => {
        await slow(page.getByText('Сбор с фермы').first()).toBeVisible();
      },
    ],
    [
      'transfer-dialog',
      '/panel/accounts',
      async () => {
        await page.getByTestId('open-transfer').click();
        const dialog = page.getByRole('dialog', { name: 'Перевод баланса' });
        // The sender chosen, as a user starts: its balance shows and the receiver's saved key is offered.
        const sender = dialog.getByLabel('Отправитель');
        const value = await sender.locator('option', { hasText: sellers[0]! }).getAttribute('value');
        await sender.selectOption(value!);
        const receiver = dialog.getByLabel('Получатель');
        await receiver.selectOption(
          (await receiver.locator('option', { hasText: sellers[1]! }).getAttribute('value'))!,
        );
        await slow(dialog.getByTestId('sender-balance')).toBeVisible();
        await slow(dialog.getByTestId('transfer-history').locator('li')).toHaveCount(2);
      },
    ],
  ];
  for (const [name, path, ready] of shots) {
    await page.goto(`${url}${path}`);
    await ready();
    // Live data settles (hub snapshots, counters) before the picture.
    await page.waitForLoadState('networkidle').catch(() => {});
    await slow(page.locator('[role="status"][aria-busy="true"]')).toHaveCount(0);
    // Live screens show their hub connected, not "connecting".
    await slow(page.getByText('Подключение…')).toHaveCount(0);
    await screenshot(page, name);
    const unfold = page.getByRole('button', { name: 'Развернуть меню' });
    if (await unfold.isVisible()) await unfold.click();
  }

  // The command line's live view in a real terminal: the printed command's settings, watching the harvester.
  const settings = /^(TRADEDECK_CONFIG_DIR=\S+)/.exec(importCommand)![1]!;
  execFileSync('tmux', [
    '-L',
    tmuxSocket,
    'new-session',
    '-d',
    '-s',
    'watch',
    '-x',
    '110',
    '-y',
    '30',
    '-c',
    root,
    `${settings} TRADEDECK_LANG=en pnpm --silent tradedeck --server ${url} harvester watch; sleep 600`,
  ]);
  const capture = () =>
    execFileSync('tmux', ['-L', tmuxSocket, 'capture-pane', '-p', '-e', '-t', 'watch'], {
      encoding: 'utf8',
    });
  await slow
    .poll(() => plainText(capture()), { timeout: 60_000 })
    .toMatch(/● live[\s\S]*Transactions of "Сбор с фермы": [1-9]\d*\/\d+ ended/);
  // A page of its own: the terminal picture is no panel page (and asks the panel for nothing).
  const terminal = await page.context().newPage();
  await terminalScreenshot(terminal, capture(), 'cli-harvester-watch');
  await terminal.close();
}
